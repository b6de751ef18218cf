import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  apiPersona,
  type apiUsuarios,
  type BodyDe,
  EMPRESA_OPERADOR,
  type FilaUsuario,
  generarContrasenia,
  generarNombreUsuario,
  MENSAJES,
  MENSAJES_USUARIOS,
  PARAMETRO,
  ROLES,
  ROLES_ASIGNABLES_NIVEL_2,
} from '@cronos/contract';
import { Button, Empty, Form, Input, Modal, Select, Space, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useEmpresas, useOpcionesParametro } from '../../../shared/api/parametros';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { useArbolPermisos, useGuardarPermisos, useGuardarUsuario } from '../api/usuarios';
import { ArbolPermisos, arbolParaGuardar, marcadosDe } from './arbol-permisos';
import { llamarRuta } from '../../../shared/api/ruta';

/** The user form as the dialog sends it (the form's values are checked by the contract on the server). */
type FormularioUsuario = BodyDe<typeof apiUsuarios.guardar>;

const requerido = [{ required: true, message: MENSAJES.requerido }];

/** The first message of a failed validateFields (antd rejects with { errorFields: [{ errors }] }), if any. */
const primerError = (e: unknown): string | undefined =>
  (e as { errorFields?: { errors: string[] }[] } | null)?.errorFields?.find((f) => f.errors.length)?.errors[0];

/**
 * Nuevo Usuario (Datos de Usuario + Permisos) or Editar Usuario: Permisos only, or (the administrators list's
 * 'Editar', modo 'datos') Datos de Usuario only, without the password (spec 02 §2, §5).
 */
export function UsuarioDialogo(p: {
  abierto: boolean;
  usuario: FilaUsuario | null;
  modo?: 'datos' | 'permisos';
  empresaPorDefecto: number;
  alCerrar: (cambio: boolean) => void;
}) {
  const { usuario: yo, permisos } = useSesion();
  const [form] = Form.useForm();
  const tipos = useOpcionesParametro(PARAMETRO.tipoDocumentoIdentidad);
  const empresas = useEmpresas();
  const nivel = yo?.nivelUsuario ?? 0;
  const [rol, setRol] = useState<number>(8);
  const [marcados, setMarcados] = useState<Set<number>>(new Set());
  const [guardando, setGuardando] = useState(false);
  const [pestania, setPestania] = useState('datos');
  const editar = !!p.usuario;
  const soloDatos = editar && p.modo === 'datos';
  const verPermisos = (yo?.codigoRol === 1 || yo?.codigoRol === 2) && !soloDatos;

  const arbol = useArbolPermisos({
    codigoUsuario: p.usuario?.codigoUsuario,
    codigoRol: rol,
    habilitado: p.abierto && verPermisos,
  });
  const guardarUsuario = useGuardarUsuario();
  const guardarPermisos = useGuardarPermisos();
  useEffect(() => {
    if (arbol.data) setMarcados(marcadosDe(arbol.data));
  }, [arbol.data]);
  useEffect(() => {
    if (!p.abierto) return;
    form.resetFields();
    if (soloDatos && p.usuario) form.setFieldsValue(p.usuario);
    else
      form.setFieldsValue({
        codeTipoDocumentoPeaton: '1',
        codigoRol: 8,
        codigoEmpresaUsuario: p.empresaPorDefecto,
        contrasenia: generarContrasenia(),
      });
    setRol(8);
    setPestania(editar && !soloDatos ? 'permisos' : 'datos');
  }, [p.abierto, p.empresaPorDefecto, editar, soloDatos, p.usuario, form]);

  const propios = useMemo(() => new Map(permisos.flatMap((g) => g.detalle).map((d) => [d.urlLink, d])), [permisos]);
  const roles = ROLES.filter((r) => nivel === 1 || ROLES_ASIGNABLES_NIVEL_2.includes(r.codigo)).map((r) => ({
    value: r.codigo,
    label: r.nombre,
  }));
  const tipoDoc = Form.useWatch('codeTipoDocumentoPeaton', form);

  const buscarDni = async () => {
    const numero = form.getFieldValue('numeroDocumentoIdentidad') ?? '';
    if (String(numero).length !== 8) {
      notificar.error(MENSAJES_USUARIOS.ochoCaracteres);
      return;
    }
    try {
      const r = await llamarRuta(apiPersona.consultarDocumentoIdentidad, {
        body: {
          numeroDocumentoIdentidad: numero,
          codigoTipoDocumentoIdentidad: '1',
          usuarioCreacion: yo?.nombreUsuario,
        },
        silencioso: true,
      });
      if (!r.data) throw new Error();
      form.setFieldsValue({
        nombre: r.data.nombres,
        apellidoPaterno: r.data.apellidoPaterno,
        apellidoMaterno: r.data.apellidoMaterno,
      });
      form.setFieldValue('nombreUsuario', generarNombreUsuario(r.data.nombres, r.data.apellidoPaterno));
    } catch {
      notificar.error('Error en la busqueda, intente nuevamente');
    }
  };

  const guardar = async () => {
    const detalle = arbol.data ? arbolParaGuardar(arbol.data, marcados, propios) : undefined;
    if (verPermisos && marcados.size === 0) {
      notificar.error(MENSAJES_USUARIOS.alMenosUnModulo);
      return;
    }
    setGuardando(true);
    try {
      if (soloDatos && p.usuario) {
        let v: Record<string, unknown>;
        try {
          v = await form.validateFields();
        } catch {
          return;
        }
        const r = await guardarUsuario.mutateAsync({
          ...v,
          codigoUsuario: p.usuario.codigoUsuario,
          version: p.usuario.version,
        } as FormularioUsuario);
        notificar.exito(r.message);
      } else if (editar && p.usuario) {
        const r = await guardarPermisos.mutateAsync({
          codigoUsuario: p.usuario.codigoUsuario,
          codigoRol: p.usuario.codigoRol,
          detalle: detalle ?? [],
          version: p.usuario.version,
        });
        notificar.exito(r.message);
      } else {
        let v: Record<string, unknown>;
        try {
          v = await form.validateFields();
        } catch (e) {
          setPestania('datos');
          // Say what to fix: the names message only when the names are what is missing, else the first field's.
          notificar.error(primerError(e) ?? MENSAJES_USUARIOS.nombresApellidos);
          return;
        }
        const r = await guardarUsuario.mutateAsync({
          ...form.getFieldsValue(true),
          ...v,
          detalle,
        } as FormularioUsuario);
        notificar.exito(r.message, `Usuario: ${form.getFieldValue('nombreUsuario') || ''}`);
      }
      p.alCerrar(true);
    } catch (e) {
      if (aplicarErroresCampo(form, e)) setPestania('datos');
    } finally {
      setGuardando(false);
    }
  };

  const datos = (
    <Form form={form} layout="vertical" name="usuario" onValuesChange={(c) => c.codigoRol && setRol(c.codigoRol)}>
      <Space wrap align="end">
        <Form.Item label="Tipo de documento" name="codeTipoDocumentoPeaton" rules={requerido}>
          <Select style={{ width: 220 }} options={tipos.opciones.map((o) => ({ ...o, disabled: o.value === '3' }))} />
        </Form.Item>
        <Form.Item
          label="N° de documento"
          name="numeroDocumentoIdentidad"
          rules={[
            ...requerido,
            { pattern: /^\d+$/, message: 'Solo se permiten números' },
            tipoDoc === '1'
              ? { len: 8, message: MENSAJES_USUARIOS.ochoCaracteres }
              : { min: 10, max: 12, message: MENSAJES_USUARIOS.documentoLargo },
          ]}
        >
          <Input maxLength={tipoDoc === '1' ? 8 : 12} style={{ width: 160 }} />
        </Form.Item>
        {tipoDoc === '1' ? (
          <Form.Item>
            <Button icon={<SearchOutlined />} onClick={buscarDni}>
              Buscar
            </Button>
          </Form.Item>
        ) : null}
      </Space>
      <Space wrap>
        <Form.Item
          label="Nombres"
          name="nombre"
          rules={[{ required: true, message: MENSAJES_USUARIOS.nombresApellidos }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          label="Apellido paterno"
          name="apellidoPaterno"
          rules={[{ required: true, message: MENSAJES_USUARIOS.nombresApellidos }]}
        >
          <Input
            maxLength={40}
            onBlur={() =>
              form.setFieldValue(
                'nombreUsuario',
                generarNombreUsuario(form.getFieldValue('nombre') ?? '', form.getFieldValue('apellidoPaterno') ?? ''),
              )
            }
          />
        </Form.Item>
        <Form.Item label="Apellido materno" name="apellidoMaterno">
          <Input maxLength={40} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item
          label="Correo electrónico"
          name="correoElectronico"
          rules={[...requerido, { type: 'email', message: MENSAJES_USUARIOS.correoInvalido }]}
        >
          <Input maxLength={150} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item label="Cargo" name="cargo" rules={requerido}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="Rol" name="codigoRol" rules={requerido}>
          {/* One's own role is not changed from one's own row (a SuperAdministrador would demote itself). */}
          <Select
            style={{ width: 200 }}
            options={roles}
            disabled={editar && p.usuario?.codigoUsuario === yo?.codigoUsuario}
          />
        </Form.Item>
      </Space>
      {nivel === 1 && yo?.codigoEmpresaUsuario === EMPRESA_OPERADOR ? (
        <Form.Item label="Empresa usuaria" name="codigoEmpresaUsuario" rules={requerido}>
          <Select
            disabled={editar}
            showSearch
            optionFilterProp="label"
            options={(empresas.data ?? []).map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial }))}
          />
        </Form.Item>
      ) : null}
      <Space wrap align="end">
        <Form.Item label="Usuario" name="nombreUsuario">
          <Input maxLength={60} style={{ width: 180 }} disabled={editar} />
        </Form.Item>
        {editar ? null : (
          <>
            <Form.Item label="Contraseña" name="contrasenia" rules={requerido}>
              <Input style={{ width: 220 }} />
            </Form.Item>
            <Form.Item>
              <Button
                icon={<ReloadOutlined />}
                aria-label="Generar contraseña"
                onClick={() => form.setFieldValue('contrasenia', generarContrasenia())}
              />
            </Form.Item>
          </>
        )}
      </Space>
    </Form>
  );

  const tabs = [
    ...(editar && !soloDatos ? [] : [{ key: 'datos', label: 'Datos de Usuario', children: datos, forceRender: true }]),
    ...(verPermisos
      ? [
          {
            key: 'permisos',
            label: 'Permisos',
            forceRender: true,
            children: arbol.data ? (
              <ArbolPermisos arbol={arbol.data} marcados={marcados} alCambiar={setMarcados} />
            ) : (
              <Empty description={MENSAJES_USUARIOS.sinPermisos} />
            ),
          },
        ]
      : []),
  ];
  return (
    <Modal
      title={editar ? `Editar Usuario — ${p.usuario?.nombreUsuario}` : 'Nuevo Usuario'}
      open={p.abierto}
      onCancel={() => p.alCerrar(false)}
      onOk={guardar}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={guardando}
      width={760}
      destroyOnHidden
    >
      <Tabs activeKey={pestania} onChange={setPestania} items={tabs} />
    </Modal>
  );
}
