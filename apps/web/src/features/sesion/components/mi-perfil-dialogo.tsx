import type { UsuarioSesion } from '@cronos/contract';
import { Descriptions, Modal, Tag } from 'antd';
import { fechaHora } from '../../../shared/ui/formato';

/** 'Mi Perfil': the signed-in user's data as the session holds it. */
export function MiPerfilDialogo({
  abierto,
  usuario,
  alCerrar,
}: {
  abierto: boolean;
  usuario: UsuarioSesion;
  alCerrar: () => void;
}) {
  return (
    <Modal title="Mi Perfil" open={abierto} onCancel={alCerrar} footer={null} width={560}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Nombre">{usuario.nombreCompleto}</Descriptions.Item>
        <Descriptions.Item label="Usuario">{usuario.nombreUsuario}</Descriptions.Item>
        <Descriptions.Item label="Rol">
          <Tag color="blue">{usuario.nombreRol}</Tag> Nivel {usuario.nivelUsuario}
        </Descriptions.Item>
        <Descriptions.Item label="Empresa">{usuario.razonSocial}</Descriptions.Item>
        <Descriptions.Item label="Correo electrónico">{usuario.correoElectronico ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Usuario desde">{fechaHora(usuario.fechaCreacion)}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
