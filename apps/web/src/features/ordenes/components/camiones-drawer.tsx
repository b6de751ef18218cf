import { Drawer } from 'antd';
import { type FilaCamion, ListaCamiones } from './lista-camiones';

/** The truck list beside the movement form: choosing a carrier fills its RUC and runs the lookup. */
export function CamionesDrawer(p: {
  abierto: boolean;
  codigoEmpresaUsuario?: number;
  alCerrar: () => void;
  alElegir: (f: FilaCamion) => void;
}) {
  return (
    <Drawer title="Lista de transportistas" open={p.abierto} onClose={p.alCerrar} size="large" destroyOnHidden>
      {p.abierto ? (
        <ListaCamiones prefijoUrl="tv" codigoEmpresaUsuario={p.codigoEmpresaUsuario} alElegir={p.alElegir} />
      ) : null}
    </Drawer>
  );
}
