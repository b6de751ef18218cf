import {
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  SafetyOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { apiUsuarios, EMPRESA_OPERADOR, type FilaUsuario, MENSAJES, ROLES } from '@cronos/contract';
import { Button, Form, Input, Modal, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { confirmarAccion, confirmarEliminar } from '../../../shared/ui/dialogos';
import { fechaHora } from '../../../shared/ui/formato';
import { permisoDe } from '../api';
import {
  clavesUsuarios,
  useCambiarEstadoUsuario,
  useEliminarUsuario,
  useRestablecerContrasenia,
} from '../api/usuarios';
import { SelectorEmpresa } from './selector-empresa';
import { UsuarioDialogo } from './usuario-dialogo';
import { TextoCorto } from '../../../shared/ui/texto-corto';

const esSuper = (f: FilaUsuario) => f.codigoRol === 1 || f.nivelUsuario === 1;

/** Lista de Usuarios and Lista de Administradores (spec 02 §2, §6): same list, different rows and actions. */
export function UsuariosLista(p: { administradores: boolean }) {
  const { usuario: yo, permisos } = useSesion();
  const cambiarEstado = useCambiarEstadoUsuario();
  const eliminar = useEliminarUsuario();
  const restablecer = useRestablecerContrasenia();
  const nivel = yo?.nivelUsuario ?? 0;
  const modulo = p.administradores ? 'administration/staff' : 'administration/users';
  const permiso = permisoDe(permisos, modulo);
  const elige = nivel === 1 && yo?.codigoEmpresaUsuario === EMPRESA_OPERADOR;
  const [empresa, setEmpresa] = useState(yo?.codigoEmpresaUsuario ?? EMPRESA_OPERADOR);
  const [dialogo, setDialogo] = useState<FilaUsuario | null | undefined>(undefined);
  const [modo, setModo] = useState<'datos' | 'permisos'>('permisos');
  const abrir = (f: FilaUsuario | null, m: 'datos' | 'permisos' = 'permisos') => {
    setModo(m);
    setDialogo(f);
  };
  const [clave, setClave] = useState<FilaUsuario | null>(null);
  const [formClave] = Form.useForm();
  const administra = nivel === 1 || nivel === 2;
  // Level 2 acts only on users that are not SuperAdministrador.
  const actua = (f: FilaUsuario) => administra && (nivel === 1 || !esSuper(f)) && f.codigoUsuario !== yo?.codigoUsuario;
  // Level 1 edits everyone (spec 02 §6), its own row and other SuperAdministradores included: their data from
  // either list. Disabling, deleting and one's own permissions stay with the rows of others.
  const editaDatos = (f: FilaUsuario) => actua(f) || (administra && nivel === 1);

  const alternar = (f: FilaUsuario) =>
    confirmarAccion({
      titulo: f.estadoAnulado ? 'Habilitar' : 'Deshabilitar',
      contenido: `¿Desea ${f.estadoAnulado ? 'habilitar' : 'deshabilitar'} al usuario ${f.nombreUsuario}?`,
      okText: f.estadoAnulado ? 'Habilitar' : 'Deshabilitar',
      async alConfirmar() {
        const r = await cambiarEstado.mutateAsync({ codigoUsuario: f.codigoUsuario, estado: f.estadoAnulado ? 0 : 1 });
        notificar.exito(r.message);
      },
    });

  const cambiarClave = async () => {
    let v: { contrasenia: string; checkPass: string; contraseniaActual?: string };
    try {
      v = await formClave.validateFields();
    } catch {
      // The form shows what is missing under each field.
      return;
    }
    try {
      const r = await restablecer.mutateAsync({ ...v, codigoUsuario: clave?.codigoUsuario });
      notificar.exito(r.message);
      setClave(null);
      formClave.resetFields();
    } catch (e) {
      aplicarErroresCampo(formClave, e);
    }
  };

  const columnas: ColumnsType<FilaUsuario> = [
    {
      title: 'Nombres completos',
      dataIndex: 'nombreCompleto',
      key: 'nombreCompleto',
      sorter: true,
      render: (v: string) => <TextoCorto texto={v} ancho={170} />,
    },
    { title: 'Usuario', dataIndex: 'nombreUsuario', key: 'nombreUsuario', sorter: true },
    {
      title: 'Correo',
      dataIndex: 'correoElectronico',
      render: (v: string | null) => <TextoCorto texto={v} ancho={170} />,
    },
    { title: 'Cargo', dataIndex: 'cargo', render: (v: string | null) => <TextoCorto texto={v} ancho={130} /> },
    {
      title: 'Rol',
      dataIndex: 'nombreRol',
      render: (v: string, f) => <Tag color={ROLES.find((r) => r.codigo === f.codigoRol)?.color}>{v}</Tag>,
    },
    ...(p.administradores
      ? [{ title: 'Empresa', dataIndex: 'razonSocial', render: (v: string) => <TextoCorto texto={v} ancho={200} /> }]
      : []),
    {
      title: 'Estado',
      dataIndex: 'estadoAnulado',
      key: 'estadoAnulado',
      sorter: true,
      render: (v: number) => (v ? <Tag color="red">Deshabilitado</Tag> : <Tag color="green">Activo</Tag>),
    },
    {
      title: 'Fecha registro',
      dataIndex: 'fechaRegistro',
      key: 'fechaRegistro',
      sorter: true,
      render: (v: string) => fechaHora(v),
    },
    {
      title: 'Acciones',
      key: 'acciones',
      render: (_v, f) => (
        <Space>
          {(p.administradores || nivel === 1) && editaDatos(f) && permiso?.permiteEditar && !f.estadoAnulado ? (
            <Tooltip title="Editar">
              <Button size="small" icon={<EditOutlined />} aria-label="Editar" onClick={() => abrir(f, 'datos')} />
            </Tooltip>
          ) : null}
          {(actua(f) || (nivel === 1 && f.codigoUsuario !== yo?.codigoUsuario)) &&
          permiso?.permiteEditar &&
          !f.estadoAnulado ? (
            <Tooltip title="Cambiar contraseña">
              <Button size="small" icon={<KeyOutlined />} aria-label="Cambiar contraseña" onClick={() => setClave(f)} />
            </Tooltip>
          ) : null}
          {actua(f) && (yo?.codigoRol === 1 || yo?.codigoRol === 2) && !f.estadoAnulado ? (
            <Tooltip title="Permisos">
              <Button size="small" icon={<SafetyOutlined />} aria-label="Permisos" onClick={() => abrir(f)} />
            </Tooltip>
          ) : null}
          {actua(f) && !esSuper(f) && permiso?.permiteEditar ? (
            <Tooltip title={f.estadoAnulado ? 'Habilitar' : 'Deshabilitar'}>
              <Button
                size="small"
                icon={f.estadoAnulado ? <UndoOutlined /> : <StopOutlined />}
                aria-label={f.estadoAnulado ? 'Habilitar' : 'Deshabilitar'}
                onClick={() => alternar(f)}
              />
            </Tooltip>
          ) : null}
          {p.administradores && actua(f) && !esSuper(f) && permiso?.permiteEliminar && !f.estadoAnulado ? (
            <Tooltip title="Eliminar">
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label="Eliminar"
                onClick={() =>
                  confirmarEliminar({
                    contenido: `¿Desea eliminar al usuario ${f.nombreUsuario}?`,
                    alConfirmar: async () => notificar.exito((await eliminar.mutateAsync(f.codigoUsuario)).message),
                  })
                }
              />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <TablaDatos<FilaUsuario>
        titulo={p.administradores ? 'Lista de Administradores' : 'Lista de Usuarios'}
        ruta={apiUsuarios.listar}
        claveConsulta={clavesUsuarios.listas()}
        clave="codigoUsuario"
        // Every row action is for levels 1 and 2: anyone else would see an empty Acciones column, which on a phone
        // stays pinned over a quarter of the table.
        columnas={administra ? columnas : columnas.filter((c) => c.key !== 'acciones')}
        columnasBusqueda={[
          { value: 'U.NOMBRE', label: 'Nombres' },
          { value: 'U.NOMBRE_USUARIO', label: 'Usuario' },
          { value: 'U.CORREO', label: 'Correo' },
        ]}
        extra={{
          CodigoEmpresaUsuario: elige ? empresa : undefined,
          SoloAdministradores: p.administradores ? 'true' : undefined,
        }}
        placeholderBusqueda="Buscar usuario"
        acciones={
          <Space wrap>
            {elige ? <SelectorEmpresa valor={empresa} alCambiar={setEmpresa} conTodas /> : null}
            {administra && permiso?.permiteAgregar ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir(null)}>
                Agregar Usuario
              </Button>
            ) : null}
          </Space>
        }
      />
      <UsuarioDialogo
        abierto={dialogo !== undefined}
        usuario={dialogo ?? null}
        modo={modo}
        empresaPorDefecto={empresa > 0 ? empresa : (yo?.codigoEmpresaUsuario ?? 1)}
        alCerrar={() => setDialogo(undefined)}
      />
      <Modal
        title={`Cambiar contraseña — ${clave?.nombreUsuario ?? ''}`}
        open={clave !== null}
        onCancel={() => setClave(null)}
        onOk={cambiarClave}
        okText="Guardar"
        cancelText="Cancelar"
        confirmLoading={restablecer.isPending}
        destroyOnHidden
      >
        <Form form={formClave} layout="vertical" name="clave">
          {clave && yo && clave.codigoUsuario === yo.codigoUsuario ? (
            <Form.Item
              label="Contraseña actual"
              name="contraseniaActual"
              rules={[{ required: true, message: MENSAJES.contraseniaActualRequerida }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          ) : null}
          <Form.Item
            label="Nueva contraseña"
            name="contrasenia"
            rules={[{ required: true, message: MENSAJES.nuevaContraseniaRequerida }]}
          >
            <Input.Password />
          </Form.Item>
          <Form.Item
            label="Confirmar contraseña"
            name="checkPass"
            dependencies={['contrasenia']}
            rules={[
              { required: true, message: MENSAJES.confirmeContrasenia },
              ({ getFieldValue }) => ({
                validator: async (_r, v) => {
                  if (v && v !== getFieldValue('contrasenia')) throw new Error(MENSAJES.contraseniasIguales);
                },
              }),
            ]}
          >
            <Input.Password />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
