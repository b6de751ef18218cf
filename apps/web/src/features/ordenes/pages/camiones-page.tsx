import { Typography } from 'antd';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { ListaCamiones } from '../components/lista-camiones';

/** operations/order/trucks: the transporter truck list of the order area (docs/adr/0027-transportistas.md). */
export default function CamionesPage() {
  const { usuario } = useSesion();
  return (
    <div>
      <Typography.Title level={4}>Lista de transportistas</Typography.Title>
      <ListaCamiones codigoEmpresaUsuario={usuario?.codigoEmpresaUsuario === 1 ? -1 : usuario?.codigoEmpresaUsuario} />
    </div>
  );
}
