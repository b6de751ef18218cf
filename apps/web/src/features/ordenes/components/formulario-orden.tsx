import { MENSAJES_MOVIMIENTO as M, type MovimientoFormulario, type Seccion } from '@cronos/contract';
import { Button, Form, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useEmpresas } from '../../../shared/api/parametros';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { aCuerpoDocumentos, type DocumentoOrden, type Orden, ordenesApi } from '../api';
import { DocumentosTarjeta } from './documentos-tarjeta';
import { TarjetaCarga, TarjetaSustento } from './tarjeta-carga';
import { TarjetaMovimiento } from './tarjeta-movimiento';
import { TarjetaTransportista } from './tarjeta-transportista';

const CAMPOS: Record<Exclude<Seccion, 'documentos'>, string[]> = {
  movimiento: [
    'codigoTipoOperacion',
    'codigoTipoMercaderia',
    'paisProcedencia',
    'codigoVia',
    'codigoSalidaAduana',
    'fecha',
    'hora',
    'fechaNueva',
    'horaNueva',
    'numeroDeclaracion',
  ],
  transportista: [
    'rucTransportistaUsuario',
    'codigoTipoDocumentoIdentidad',
    'numeroDocumentoIdentidad',
    'nombres',
    'apellidoPaterno',
    'apellidoMaterno',
    'codigoTipoVehiculo',
    'placaUno',
    'placaDos',
    'numeroSoat',
    'codigoClaseBrevete',
    'numeroBrevete',
    'guiaTransportista',
  ],
  carga: [
    'codigoTipoCarga',
    'numeroBultos',
    'numeroContenedor',
    'codigoTipoContenedor',
    'lineaNaviera',
    'numeroPrecinto',
    'codigoDestinoProcedenciaMercancia',
  ],
};
const conHora = (f: Dayjs | undefined, h: Dayjs | undefined) =>
  f ? `${f.format('YYYY-MM-DD')}T${(h ?? dayjs()).format('HH:mm')}:00-05:00` : null;

/** The order form (vehicle 'VH' or pedestrian 'PE') in create mode or in edit mode ('Modificar Operación'). */
export function FormularioOrden({
  tipoIngreso,
  orden,
  alGuardar,
}: {
  tipoIngreso: 'VH' | 'PE';
  orden?: Orden;
  alGuardar?: () => void;
}) {
  const { usuario } = useSesion();
  const navegar = useNavigate();
  const [form] = Form.useForm();
  const rol = usuario?.codigoRol ?? 0;
  const vehicular = tipoIngreso === 'VH';
  const edicion = Boolean(orden);
  const soloLectura = rol === 7;
  const operador = usuario?.codigoEmpresaUsuario === 1;
  // Vehicle form: roles 1, 2 and 4 choose the company; pedestrian form: user levels 1 and 4 (spec 01 §2, §6).
  const eligeEmpresa = operador && (vehicular ? [1, 2, 4].includes(rol) : [1, 4].includes(usuario?.nivelUsuario ?? 0));
  const empresas = useEmpresas();
  const [documentos, setDocumentos] = useState<DocumentoOrden[]>(orden?.documentos ?? []);
  const [archivos, setArchivos] = useState<File[]>([]);
  const [extranjero, setExtranjero] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const [fechaNueva, setFechaNueva] = useState(false);

  const v = Form.useWatch([], form) ?? {};
  const empresa: number | undefined =
    v.codigoEmpresaUsuario ?? orden?.codigoEmpresaUsuario ?? usuario?.codigoEmpresaUsuario;
  const datosEmpresa = empresas.data?.find((e) => e.codigoEmpresaUsuario === empresa);
  const almacen =
    orden?.codigoEmpresaAlmacen ?? datosEmpresa?.codigoEmpresaAlmacen ?? usuario?.codigoEmpresaAlmacen ?? null;
  const esSalida = (v.codigoTipoOperacion ?? orden?.codigoTipoOperacion) === 2;
  const bloqueados = edicion || documentos.length > 0;

  const iniciales = orden
    ? { ...orden, fecha: dayjs(orden.fechaIngreso), hora: dayjs(orden.fechaIngreso) }
    : {
        codigoEmpresaUsuario: usuario?.codigoEmpresaUsuario,
        codigoTipoOperacion: 1,
        codigoSalidaAduana: '0',
        codigoTipoDocumentoIdentidad: '1',
        codigoTipoCarga: 1,
        codigoDestinoProcedenciaMercancia: 1,
        fecha: dayjs(),
        hora: dayjs(),
      };

  const cuerpo = (seccion?: Seccion): MovimientoFormulario => {
    const x = form.getFieldsValue(true);
    return {
      ...x,
      fecha: undefined,
      hora: undefined,
      fechaNueva: undefined,
      horaNueva: undefined,
      codigoMovimiento: orden?.codigoMovimiento,
      seccion,
      codigoTipoIngreso: tipoIngreso,
      codigoEmpresaUsuario: eligeEmpresa ? x.codigoEmpresaUsuario : undefined,
      fechaIngreso: conHora(x.fecha, x.hora),
      fechaIngresoRegistroNueva: fechaNueva ? conHora(x.fechaNueva, x.horaNueva) : null,
      indicadorExtranjero: extranjero,
      documentos: aCuerpoDocumentos(seccion && seccion !== 'documentos' ? [] : documentos),
    };
  };

  const mostrarError = (e: unknown) => {
    if (aplicarErroresCampo(form, e)) notificar.error(M.camposObligatorios);
    else if (e instanceof ErrorApi && e.status === 422) notificar.error(e.message);
  };

  const registrar = async () => {
    const x = form.getFieldsValue(true);
    if (x.numeroDocumentoIdentidad && !x.nombres) return notificar.error(M.validarDocumento);
    try {
      await form.validateFields();
    } catch {
      return notificar.error(M.camposObligatorios);
    }
    if (!documentos.length || documentos.some((d) => d.productos.length === 0))
      return notificar.error(M.documentosConProductos);
    setGuardando(true);
    try {
      const r = await ordenesApi.guardar(cuerpo());
      if (archivos.length) {
        await ordenesApi
          .subirArchivos(r.data.codigoMovimiento, r.data.codigoIngreso, archivos, 'sustento')
          .catch(() => notificar.error(M.errorCarga));
      }
      await ordenesApi.notificar(r.data.codigoMovimiento).catch(() => undefined);
      notificar.exito(`Operación registrada: ${r.data.codigoIngreso}`, r.message, 8);
      form.resetFields();
      setDocumentos([]);
      setArchivos([]);
      alGuardar?.();
    } catch (e) {
      mostrarError(e);
    } finally {
      setGuardando(false);
    }
  };

  const actualizar = async (seccion: Seccion) => {
    if (seccion !== 'documentos') {
      try {
        await form.validateFields(CAMPOS[seccion]);
      } catch {
        return notificar.error(M.camposObligatorios);
      }
    }
    try {
      const r = await ordenesApi.guardar(cuerpo(seccion));
      notificar.exito(r.message || M.actualizado);
      if (seccion === 'documentos') {
        alGuardar?.();
        if (rol === 3) navegar('/app/dashboard');
      }
    } catch (e) {
      mostrarError(e);
    }
  };
  const botonActualizar = (s: Seccion) =>
    edicion && !soloLectura ? (
      <Button type="primary" onClick={() => actualizar(s)}>
        Actualizar
      </Button>
    ) : null;

  return (
    <Form form={form} name={`orden${tipoIngreso}`} layout="vertical" initialValues={iniciales} disabled={soloLectura}>
      <Form.Item name="codigoPersona" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="codigoTransportistaUsuario" hidden>
        <Input />
      </Form.Item>
      <TarjetaMovimiento
        form={form}
        v={v}
        vehicular={vehicular}
        eligeEmpresa={eligeEmpresa}
        bloqueados={bloqueados}
        edicion={edicion}
        fechaNueva={fechaNueva}
        setFechaNueva={setFechaNueva}
        extra={botonActualizar('movimiento')}
      />
      <TarjetaTransportista
        form={form}
        vehicular={vehicular}
        v={v}
        empresa={empresa}
        eligeEmpresa={eligeEmpresa}
        rol={rol}
        extranjero={extranjero}
        setExtranjero={setExtranjero}
        extra={botonActualizar('transportista')}
      />
      <TarjetaCarga vehicular={vehicular} codigoTipoCarga={v.codigoTipoCarga} extra={botonActualizar('carga')} />
      {!edicion ? <TarjetaSustento archivos={archivos} setArchivos={setArchivos} /> : null}

      <DocumentosTarjeta
        documentos={documentos}
        onChange={setDocumentos}
        codigoEmpresaUsuario={empresa}
        codigoEmpresaAlmacen={almacen}
        codigoMovimiento={orden?.codigoMovimiento}
        registroEspecialExcel={Boolean(
          datosEmpresa?.indicadorRegistroEspecialExcel ?? usuario?.indicadorRegistroEspecialExcel,
        )}
        esSalida={esSalida}
        conLotes={Boolean(datosEmpresa?.indicadorAlmacenActivo ?? usuario?.indicadorAlmacenActivo)}
        soloLectura={soloLectura}
        edicion={edicion}
        codigoRol={rol}
        puedeAgregar={() =>
          !v.codigoTipoOperacion || (vehicular && !v.codigoTipoMercaderia) ? M.seleccionarTipo : null
        }
        alCambiarGuardados={alGuardar}
        extra={botonActualizar('documentos')}
      />

      <Space>
        <Button onClick={() => navegar('/app/dashboard')}>Regresar</Button>
        {!edicion && !soloLectura ? (
          <Button
            type="primary"
            onClick={registrar}
            loading={guardando}
            disabled={!documentos.some((d) => d.productos.length > 0)}
          >
            Registrar operación
          </Button>
        ) : null}
      </Space>
    </Form>
  );
}
