import { TODAS_LAS_RUTAS } from '@cronos/contract';
import { Result } from 'antd';
import { useLocation } from 'react-router';
import { BotonIr } from '../../../shared/ui/boton-ir';

/**
 * Routes of the route table whose screens the specification does not describe (declarations, DAM, finances…)
 * are registered and reachable, and say plainly that the screen is not part of this version.
 */
export default function NoDisponiblePage() {
  const { pathname } = useLocation();
  const ruta = TODAS_LAS_RUTAS.find((r) => pathname.startsWith(`/app/${r.modulo}`));
  return (
    <Result
      status="info"
      title={ruta?.titulo ?? 'Sección'}
      subTitle="Esta sección todavía no está disponible en esta versión de Cronos. Para gestiones urgentes, comuníquese con soporte."
      extra={<BotonIr a="/app/support">Contactar a soporte</BotonIr>}
    />
  );
}
