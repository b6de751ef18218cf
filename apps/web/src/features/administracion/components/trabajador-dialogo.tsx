import { SearchOutlined } from '@ant-design/icons';
import {
  apiPersona,
  type apiTrabajadores,
  type BodyDe,
  DIAS_SEMANA,
  MENSAJES,
  MENSAJES_ADMINISTRACION,
  PARAMETRO,
} from '@cronos/contract';
import { Button, Checkbox, DatePicker, Form, Input, Modal, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useGuardarTrabajador, useTrabajador } from '../api/trabajadores';
import { llamarRuta } from '../../../shared/api/ruta';

const NOMBRES = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const requerido = [{ required: true, message: MENSAJES.requerido }];
const mayusculas = [{ pattern: /^[A-ZÁÉÍÓÚÑÜ' ]*$/, message: MENSAJES_ADMINISTRACION.soloMayusculas }];
/** Names are stored in capitals: what is typed in lower case is shown and sent in capitals. */
const aMayusculas = (v?: string) => v?.toUpperCase();
const iso = (d?: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null);
/** The worker form as the dialog sends it (checked by the contract's schema on the server). */
type TrabajadorFormularioEntrada = BodyDe<typeof apiTrabajadores.guardar>['data'];

/** Agregar / editar trabajador (spec 02 §2, §5): switches for still working and vehicle, all-days box, RENIEC lookup. */
export function TrabajadorDialogo(p: {
  abierto: boolean;
  codigo: number | null;
  codigoEmpresaUsuario: number;
  alCerrar: (cambio: boolean) => void;
}) {
  const [form] = Form.useForm();
  const condiciones = useOpcionesParametro(PARAMETRO.condicionLaboral);
  const tipos = useOpcionesParametro(PARAMETRO.tipoDocumentoIdentidad);
  const generos = useOpcionesParametro(PARAMETRO.genero);
  const nacionalidades = useOpcionesParametro(PARAMETRO.nacionalidad);
  const [laborando, setLaborando] = useState(true);
  const [vehiculo, setVehiculo] = useState(false);
  const [codigoPersona, setCodigoPersona] = useState<number | null>(null);
  const registro = useTrabajador(p.codigo, p.abierto);
  const guardarTrabajador = useGuardarTrabajador();
  const tipo = Form.useWatch('codeTipoDocumentoPeaton', form);
  // The ticked weekdays, watched as one value ('1111100') so that the all-days box follows every tick.
  const dias = Form.useWatch((v: Record<string, unknown>) => DIAS_SEMANA.map((d) => (v[d] ? 1 : 0)).join(''), form);
  const marcados = DIAS_SEMANA.map((_d, i) => dias?.[i] === '1');

  useEffect(() => {
    if (!p.abierto) return;
    form.resetFields();
    setCodigoPersona(null);
    setLaborando(true);
    setVehiculo(false);
    if (!p.codigo) {
      form.setFieldsValue({
        condicionLaboral: '1',
        codeTipoDocumentoPeaton: '1',
        lunes: true,
        martes: true,
        miercoles: true,
        jueves: true,
        viernes: true,
      });
    }
  }, [p.abierto, p.codigo, form]);

  // The worker being edited fills the form once it is read (the form then holds what the user types).
  const d = p.codigo ? registro.data : undefined;
  useEffect(() => {
    if (!p.abierto || !d) return;
    const fechaD = (v: string | null) => (v ? dayjs(v) : null);
    form.setFieldsValue({
      ...d,
      fechaInicioContrato: fechaD(d.fechaInicioContrato),
      fechaVencimientoContrato: fechaD(d.fechaVencimientoContrato),
      fechaInicioSoat: fechaD(d.fechaInicioSoat),
      fechaFinSoat: fechaD(d.fechaFinSoat),
      ...Object.fromEntries(DIAS_SEMANA.map((k) => [k, d[k] === 1])),
    });
    setCodigoPersona(d.codigoPersona);
    setLaborando(!d.fechaVencimientoContrato);
    setVehiculo(!!d.placa);
  }, [p.abierto, d, form]);

  const cambiarTipoContrato = (c: string) => {
    // Changing the contract type clears the person data when it is not type 1 (spec 02 §4).
    if (c !== '1') {
      form.setFieldsValue({
        numeroDocumentoIdentidad: undefined,
        nombre: undefined,
        apellidoPaterno: undefined,
        apellidoMaterno: undefined,
      });
      setCodigoPersona(null);
    }
  };

  const buscar = async () => {
    const numero = String(form.getFieldValue('numeroDocumentoIdentidad') ?? '');
    if (numero.length < 8) {
      notificar.error(MENSAJES_ADMINISTRACION.ochoCaracteres);
      return;
    }
    try {
      const r = await llamarRuta(apiPersona.consultarDocumentoIdentidad, {
        body: { numeroDocumentoIdentidad: numero, codigoTipoDocumentoIdentidad: '1' },
        silencioso: true,
      });
      if (!r.data?.codigoPersona) throw new Error();
      form.setFieldsValue({
        nombre: r.data.nombres,
        apellidoPaterno: r.data.apellidoPaterno,
        apellidoMaterno: r.data.apellidoMaterno,
      });
      setCodigoPersona(r.data.codigoPersona);
    } catch {
      notificar.error('Error en la busqueda, intente nuevamente');
    }
  };

  const guardar = async () => {
    if (tipo === '1' && !codigoPersona) {
      notificar.error(MENSAJES_ADMINISTRACION.consultaReniec);
      return;
    }
    let v: Record<string, unknown>;
    try {
      v = await form.validateFields();
    } catch {
      notificar.error(
        tipo === '1' ? MENSAJES_ADMINISTRACION.rellenarObligatorios : MENSAJES_ADMINISTRACION.informacionNecesaria,
      );
      return;
    }
    try {
      const todo = { ...form.getFieldsValue(true), ...v };
      const r = await guardarTrabajador.mutateAsync({
        ...todo,
        codigoControlColaboradorEmpresa: p.codigo ?? 0,
        codigoEmpresaUsuario: p.codigoEmpresaUsuario,
        codigoPersona,
        fechaInicioContrato: iso(todo.fechaInicioContrato as dayjs.Dayjs),
        fechaVencimientoContrato: laborando ? null : iso(todo.fechaVencimientoContrato as dayjs.Dayjs),
        placa: vehiculo ? todo.placa : null,
        fechaInicioSoat: vehiculo ? iso(todo.fechaInicioSoat as dayjs.Dayjs) : null,
        fechaFinSoat: vehiculo ? iso(todo.fechaFinSoat as dayjs.Dayjs) : null,
        ...Object.fromEntries(DIAS_SEMANA.map((d) => [d, todo[d] ? 1 : 0])),
      } as TrabajadorFormularioEntrada);
      notificar.exito(r.message);
      p.alCerrar(true);
    } catch (e) {
      if (!aplicarErroresCampo(form, e)) return;
      notificar.error(MENSAJES.erroresFormulario);
    }
  };

  const todos = marcados.every(Boolean);
  return (
    <Modal
      title={p.codigo ? 'Editar Trabajador' : 'Agregar Trabajador'}
      open={p.abierto}
      onCancel={() => p.alCerrar(false)}
      onOk={guardar}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={guardarTrabajador.isPending}
      width={820}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="trabajador">
        <Space wrap align="end">
          <Form.Item label="Condición laboral" name="condicionLaboral" rules={requerido}>
            <Select style={{ width: 200 }} options={condiciones.opciones} onChange={cambiarTipoContrato} />
          </Form.Item>
          <Form.Item label="Tipo de documento" name="codeTipoDocumentoPeaton" rules={requerido}>
            <Select
              style={{ width: 220 }}
              options={tipos.opciones.map((o) => ({ ...o, disabled: o.value === '3' }))}
              onChange={() => setCodigoPersona(null)}
            />
          </Form.Item>
          <Form.Item
            label="N° de documento"
            name="numeroDocumentoIdentidad"
            rules={[
              ...requerido,
              { pattern: /^\d+$/, message: 'Solo se permiten números' },
              tipo === '1'
                ? { len: 8, message: MENSAJES_ADMINISTRACION.ochoCaracteres }
                : { max: 12, message: 'Máximo 12 caracteres' },
            ]}
          >
            <Input maxLength={tipo === '1' ? 8 : 12} style={{ width: 150 }} onChange={() => setCodigoPersona(null)} />
          </Form.Item>
          {tipo === '1' ? (
            <Form.Item>
              <Button icon={<SearchOutlined />} onClick={buscar}>
                Consultar RENIEC
              </Button>
            </Form.Item>
          ) : null}
        </Space>
        <Space wrap>
          <Form.Item
            label="Apellido paterno"
            name="apellidoPaterno"
            rules={[...requerido, ...mayusculas]}
            normalize={aMayusculas}
          >
            <Input maxLength={20} disabled={tipo === '1'} />
          </Form.Item>
          <Form.Item label="Apellido materno" name="apellidoMaterno" rules={mayusculas} normalize={aMayusculas}>
            <Input maxLength={20} disabled={tipo === '1'} />
          </Form.Item>
          <Form.Item label="Nombres" name="nombre" rules={[...requerido, ...mayusculas]} normalize={aMayusculas}>
            <Input maxLength={30} disabled={tipo === '1'} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item label="Género" name="genero">
            <Select style={{ width: 150 }} options={generos.opciones} allowClear />
          </Form.Item>
          <Form.Item label="Nacionalidad" name="nacionalidad">
            <Select style={{ width: 160 }} options={nacionalidades.opciones} allowClear />
          </Form.Item>
          <Form.Item label="Cargo" name="codigoCargo" rules={requerido}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label="N° de tarjeta" name="codigoControl" rules={requerido}>
            <Input maxLength={20} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Space wrap align="end">
          <Form.Item label="Inicio de contrato" name="fechaInicioContrato" rules={requerido}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Sigue laborando">
            <Switch aria-label="Sigue laborando" checked={laborando} onChange={setLaborando} />
          </Form.Item>
          <Form.Item label="Fecha de cese" name="fechaVencimientoContrato" rules={laborando ? [] : requerido}>
            <DatePicker format="DD/MM/YYYY" disabled={laborando} aria-label="Fecha de cese" style={{ width: '100%' }} />
          </Form.Item>
        </Space>
        <Space wrap align="end">
          <Form.Item label="Vehículo">
            <Switch aria-label="Vehículo" checked={vehiculo} onChange={setVehiculo} />
          </Form.Item>
          <Form.Item
            label="Placa"
            name="placa"
            rules={
              vehiculo
                ? [...requerido, { pattern: /^[A-Za-z0-9]{3}-\d{3,4}$/, message: 'Formato correcto es Ej: ABC-123' }]
                : []
            }
          >
            <Input maxLength={8} disabled={!vehiculo} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="Inicio SOAT" name="fechaInicioSoat">
            <DatePicker format="DD/MM/YYYY" disabled={!vehiculo} aria-label="Inicio SOAT" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label="Fin SOAT"
            name="fechaFinSoat"
            dependencies={['fechaInicioSoat']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, fin?: dayjs.Dayjs | null) => {
                  const inicio = getFieldValue('fechaInicioSoat') as dayjs.Dayjs | null | undefined;
                  if (vehiculo && fin && inicio && fin.isBefore(inicio, 'day'))
                    throw new Error(MENSAJES_ADMINISTRACION.finSoatAnterior);
                },
              }),
            ]}
          >
            <DatePicker format="DD/MM/YYYY" disabled={!vehiculo} aria-label="Fin SOAT" style={{ width: '100%' }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Checkbox
            checked={todos}
            indeterminate={!todos && marcados.some(Boolean)}
            // Ticked, every weekday; unticked, only Monday stays (at least one weekday stays ticked).
            onChange={(e) =>
              form.setFieldsValue(Object.fromEntries(DIAS_SEMANA.map((d, i) => [d, e.target.checked || i === 0])))
            }
          >
            Todos los días
          </Checkbox>
          {DIAS_SEMANA.map((d, i) => (
            <Form.Item key={d} name={d} valuePropName="checked" noStyle>
              <Checkbox
                onChange={(e) => {
                  // At least one weekday stays ticked.
                  if (!e.target.checked && DIAS_SEMANA.filter((x) => x !== d).every((x) => !form.getFieldValue(x))) {
                    notificar.error(MENSAJES_ADMINISTRACION.alMenosUnDia);
                    setTimeout(() => form.setFieldValue(d, true));
                  }
                }}
              >
                {NOMBRES[i]}
              </Checkbox>
            </Form.Item>
          ))}
        </Space>
      </Form>
    </Modal>
  );
}
