import { MENSAJES_MOVIMIENTO as M, type MovimientoFormulario, type Seccion, instanteLima } from '@cronos/contract';
import { Alert, Button, Form, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useEmpresas } from '../../../shared/api/parametros';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useAvisoSalida, useBorradorLocal } from '../../../shared/red/use-borrador';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { aCuerpoDocumentos, type DocumentoOrden, type Orden } from '../api';
import { useGuardarOrden, useNotificarOrden } from '../api/ordenes';
import { DocumentosTarjeta } from './documentos-tarjeta';
import { type ArchivoSustento, TarjetaCarga, TarjetaSustento } from './tarjeta-carga';
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
  f ? instanteLima(f.format('YYYY-MM-DD'), (h ?? dayjs()).format('HH:mm')) : null;

/** What the creation form keeps as a local draft (the date pickers' values as ISO text). */
interface BorradorOrden {
  valores: Record<string, unknown>;
  documentos: DocumentoOrden[];
  archivos: ArchivoSustento[];
  extranjero: boolean;
}
const CAMPOS_FECHA = ['fecha', 'hora', 'fechaNueva', 'horaNueva'];
const SALIR_SIN_REGISTRAR =
  'La operación aún no se ha registrado. Se guardó un borrador en este equipo que se le ofrecerá al volver. ¿Desea salir?';

/** The order form (vehicle 'VH' or pedestrian 'PE') in create mode or in edit mode ('Modificar Operación'). */
export function FormularioOrden({
  tipoIngreso,
  orden,
  alGuardar,
  soloLectura: soloLecturaOrden = false,
}: {
  tipoIngreso: 'VH' | 'PE';
  orden?: Orden;
  alGuardar?: () => void;
  /** The order can no longer change (finalized or annulled): shown, never editable. */
  soloLectura?: boolean;
}) {
  const { usuario } = useSesion();
  const navegar = useNavigate();
  const [form] = Form.useForm();
  const rol = usuario?.codigoRol ?? 0;
  const vehicular = tipoIngreso === 'VH';
  const edicion = Boolean(orden);
  const soloLectura = rol === 7 || soloLecturaOrden;
  const operador = usuario?.codigoEmpresaUsuario === 1;
  // Vehicle form: roles 1, 2 and 4 choose the company; pedestrian form: user levels 1 and 4 (spec 01 §2, §6).
  const eligeEmpresa = operador && (vehicular ? [1, 2, 4].includes(rol) : [1, 4].includes(usuario?.nivelUsuario ?? 0));
  const empresas = useEmpresas();
  const guardarOrden = useGuardarOrden();
  const notificarOrden = useNotificarOrden();
  const [documentos, setDocumentos] = useState<DocumentoOrden[]>(orden?.documentos ?? []);
  const [archivos, setArchivos] = useState<ArchivoSustento[]>([]);
  const [extranjero, setExtranjero] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const [fechaNueva, setFechaNueva] = useState(false);
  // Creation: the work in progress is kept as a local draft and leaving asks first.
  const conBorrador = !edicion && !soloLectura;
  const [sucio, setSucio] = useState(false);
  const borrador = useBorradorLocal<BorradorOrden>(`orden-${usuario?.codigoUsuario ?? 0}-${tipoIngreso}`);
  useAvisoSalida(conBorrador && sucio, SALIR_SIN_REGISTRAR);
  // The order's version this form read; each card save returns the next one (a save over another person's
  // newer change is refused with 409 and its message).
  const [version, setVersion] = useState(orden?.version);
  useEffect(() => setVersion(orden?.version), [orden?.version]);

  const v = Form.useWatch([], form) ?? {};
  const { guardar: guardarBorrador } = borrador;
  useEffect(() => {
    if (!conBorrador || !sucio) return;
    // The watched values plus the hidden fields (person and carrier codes).
    const valores = { ...form.getFieldsValue(true), ...v };
    for (const c of CAMPOS_FECHA) valores[c] = valores[c] ? dayjs(valores[c]).toISOString() : undefined;
    guardarBorrador({ valores, documentos, archivos: archivos.filter((a) => a.codigo), extranjero });
  }, [conBorrador, sucio, form, v, documentos, archivos, extranjero, guardarBorrador]);
  const recuperarBorrador = () => {
    const b = borrador.recuperar();
    if (!b) return;
    const valores = { ...b.valores };
    for (const c of CAMPOS_FECHA) valores[c] = valores[c] ? dayjs(valores[c] as string) : undefined;
    form.setFieldsValue(valores);
    setDocumentos(b.documentos);
    setArchivos(b.archivos);
    setExtranjero(b.extranjero);
    setSucio(true);
  };
  const cambiarDocumentos = (d: DocumentoOrden[]) => {
    setDocumentos(d);
    setSucio(true);
  };
  const cambiarArchivos = (f: (xs: ArchivoSustento[]) => ArchivoSustento[]) => {
    setArchivos(f);
    setSucio(true);
  };
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
      version: seccion ? version : undefined,
      codigoTipoIngreso: tipoIngreso,
      codigoEmpresaUsuario: eligeEmpresa ? x.codigoEmpresaUsuario : undefined,
      fechaIngreso: conHora(x.fecha, x.hora),
      fechaIngresoRegistroNueva: fechaNueva ? conHora(x.fechaNueva, x.horaNueva) : null,
      indicadorExtranjero: extranjero,
      documentos: aCuerpoDocumentos(seccion && seccion !== 'documentos' ? [] : documentos),
      archivosTemporales: edicion ? [] : archivos.flatMap((a) => (a.codigo ? [a.codigo] : [])),
    };
  };

  /** A supporting document the server no longer keeps: named, taken off the list, nothing was saved. */
  const archivoFaltante = (e: unknown) => {
    if (!(e instanceof ErrorApi) || e.status !== 422 || !e.errors) return false;
    const listos = archivos.filter((a) => a.codigo);
    const faltan = Object.keys(e.errors).flatMap((k) => {
      const m = /^archivosTemporales\.(\d+)$/.exec(k);
      const a = m ? listos[Number(m[1])] : undefined;
      return a ? [a] : [];
    });
    if (!faltan.length) return false;
    for (const a of faltan) notificar.error(M.archivoNoDisponible(a.nombre));
    setArchivos((xs) => xs.filter((x) => !faltan.includes(x)));
    return true;
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
      // The order and its supporting documents are saved together, or not at all.
      const r = await guardarOrden.mutateAsync(cuerpo());
      await notificarOrden.mutateAsync(r.data.codigoMovimiento).catch(() => undefined);
      notificar.exito(`Operación registrada: ${r.data.codigoIngreso}`, r.message, 8);
      borrador.descartar();
      setSucio(false);
      form.resetFields();
      setDocumentos([]);
      setArchivos([]);
      alGuardar?.();
    } catch (e) {
      if (!archivoFaltante(e)) mostrarError(e);
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
      const r = await guardarOrden.mutateAsync(cuerpo(seccion));
      if (r.data.version) setVersion(r.data.version);
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
    <Form
      form={form}
      name={`orden${tipoIngreso}`}
      layout="vertical"
      initialValues={iniciales}
      disabled={soloLectura}
      onValuesChange={() => setSucio(true)}
    >
      {conBorrador && borrador.pendiente ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="borrador-orden"
          title="Tiene una operación sin registrar"
          description={`Borrador guardado en este equipo el ${dayjs(borrador.pendiente.guardado).format('DD/MM/YYYY HH:mm')}.`}
          action={
            <Space>
              <Button size="small" type="primary" onClick={recuperarBorrador}>
                Recuperar borrador
              </Button>
              <Button size="small" onClick={borrador.descartar}>
                Descartar
              </Button>
            </Space>
          }
        />
      ) : null}
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
      {!edicion ? (
        <TarjetaSustento archivos={archivos} setArchivos={cambiarArchivos} deshabilitado={soloLectura} />
      ) : null}

      <DocumentosTarjeta
        documentos={documentos}
        onChange={cambiarDocumentos}
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
        peatonal={tipoIngreso === 'PE'}
        codigoRol={rol}
        puedeAgregar={() =>
          !v.codigoTipoOperacion || (vehicular && !v.codigoTipoMercaderia) ? M.seleccionarTipo : null
        }
        alCambiarGuardados={alGuardar}
        extra={botonActualizar('documentos')}
      />

      <Space>
        {/* The read-only form disables its controls, not the way back (spec 01: it returns to the dashboard). */}
        <Button disabled={false} onClick={() => navegar('/app/dashboard')}>
          Regresar
        </Button>
        {!edicion && !soloLectura ? (
          <Button
            type="primary"
            onClick={registrar}
            loading={guardando}
            disabled={!documentos.some((d) => d.productos.length > 0) || archivos.some((a) => !a.codigo)}
          >
            Registrar operación
          </Button>
        ) : null}
      </Space>
    </Form>
  );
}
