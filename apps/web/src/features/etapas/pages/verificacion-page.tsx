import { apiVerificacion, MENSAJES_ETAPAS, MINIMO_ITEMS_CONTENEDOR } from '@cronos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Input, Radio, Row, Space, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { type FilaEtapa, opcionesConfiguracion, useConfiguracionVerificacion, useVerificacionMutaciones } from '../api';
import { BusquedaOrden } from '../components/busqueda-orden';
import { AvisoCompresion, ajustarAlLimite, CargaFotos, useFotosComprimidas } from '../components/carga-fotos';
import { BarraGuardar, PantallaGarita, useGaritaMovil } from '../components/garita';
import { FotosDeLaOrden } from '../components/fotos-de-la-orden';
import { detalleDe, ListaItems } from '../components/lista-items';

const MAX_PANEL = 7 * 1024 * 1024;

/** Verification screens' error wording (spec 03 §8): network failures vs anything else. */
const mensajeVerificacion = (e: unknown) =>
  e instanceof ErrorApi
    ? e.status === 0
      ? MENSAJES_ETAPAS.sinInternet
      : (Object.values(e.errors ?? {}).flat()[0] ?? e.message)
    : MENSAJES_ETAPAS.otroError;

/** Cargo verification on entry (type 3) or exit (type 5): spec 03 §2.7, §4.4, §5.3, §5.4. */
export function Verificacion({ tipo }: { tipo: 3 | 5 }) {
  const cliente = useQueryClient();
  const [fila, setFila] = useState<FilaEtapa | null>(null);
  // The checklist and the saved verification (with its photos) are the server's: read from the query cache.
  const conf = useConfiguracionVerificacion(fila?.codigoMovimiento ?? null, tipo).data ?? null;
  const mutaciones = useVerificacionMutaciones(fila?.codigoMovimiento ?? 0, tipo);
  const guardada = Boolean(conf?.verificacion);
  const subidas = conf?.imagenes.length ?? 0;
  const [tipoCarga, setTipoCarga] = useState(1);
  const [bultos, setBultos] = useState('');
  const [marcas, setMarcas] = useState('');
  const [observacion, setObservacion] = useState('');
  const [marcados, setMarcados] = useState<number[]>([]);
  const [conforme, setConforme] = useState(false);
  const [responsable, setResponsable] = useState(false);
  const [archivos, setArchivos] = useState<UploadFile[]>([]);
  const [clave, setClave] = useState(0);
  const [comprimidas, setComprimidas] = useFotosComprimidas();
  const movil = useGaritaMovil();

  const reiniciarFormulario = () => {
    setBultos('');
    setMarcas('');
    setObservacion('');
    setMarcados([]);
    setConforme(false);
    setResponsable(false);
    setArchivos([]);
    setComprimidas([]);
  };
  const limpiar = () => {
    setFila(null);
    reiniciarFormulario();
    setClave((c) => c + 1);
  };

  const elegir = async (f: FilaEtapa | null) => {
    // A new choice starts from an empty form: nothing typed for the previous order stays.
    reiniciarFormulario();
    if (!f) return setFila(null);
    try {
      const c = await cliente.fetchQuery({ ...opcionesConfiguracion(f.codigoMovimiento, tipo), staleTime: 0 });
      const v = c.verificacion;
      setTipoCarga((v?.codigoTipoCarga ?? c.codigoTipocarga) === 2 ? 2 : 1);
      if (v) {
        // Saved earlier and not finalized: the screen shows what was saved (read-only), not an empty form.
        setBultos(v.codigoTipoCarga === 2 ? '' : String(v.numeroBultosVerificado));
        setMarcas(v.marcaContenedor ?? '');
        setObservacion(v.observacion ?? '');
        setMarcados(v.itemsMarcados);
        setConforme(true);
        setResponsable(true);
      }
      setFila(f);
    } catch (e) {
      notificar.error(`Error, ${e instanceof ErrorApi ? e.message : ''}`);
      limpiar();
    }
  };

  const items = (conf?.detalleTipoControl ?? []).filter(
    (i) => i.codigoTipoCarga === 0 || i.codigoTipoCarga === tipoCarga,
  );
  const guardar = async () => {
    if (!conf) return;
    if (tipoCarga === 1 && !bultos.trim()) return notificar.error(MENSAJES_ETAPAS.cantidadBultos);
    // Container cargo (spec 03 §5.3): more than one item ticked, and its marks (the server refuses the same).
    if (tipoCarga === 2 && marcados.length < MINIMO_ITEMS_CONTENEDOR)
      return notificar.error(MENSAJES_ETAPAS.seleccionarVerificacion);
    if (tipoCarga === 2 && !marcas.trim()) return notificar.error(MENSAJES_ETAPAS.marcasContenedor);
    try {
      await mutaciones.guardar.mutateAsync({
        codigoMovimiento: conf.codigoMovimiento,
        codigoTipoCarga: tipoCarga,
        codigoTipoControl: tipo,
        numerobultosVerificado: tipoCarga === 2 ? '0' : bultos,
        marcaContenedor: tipoCarga === 2 ? marcas : '',
        observacion,
        usuarioRegistro: '',
        codigoEmpresaUsuario: fila?.codigoEmpresaUsuario,
        detalleTipoControl: detalleDe(items, marcados),
      });
      notificar.exito(MENSAJES_ETAPAS.registroExitoso, MENSAJES_ETAPAS.verificacionGuardada, 3);
    } catch (e) {
      notificar.error(mensajeVerificacion(e));
    }
  };

  const finalizar = async () => {
    if (!conf) return;
    try {
      await mutaciones.finalizar.mutateAsync();
      notificar.exito(MENSAJES_ETAPAS.verificacionExitosa, undefined, 10);
      limpiar();
    } catch (e) {
      notificar.error(mensajeVerificacion(e));
    }
  };

  const botonGuardar = (
    <Button
      type="primary"
      disabled={guardada || !conforme || !responsable}
      loading={mutaciones.guardar.isPending}
      onClick={guardar}
    >
      Guardar
    </Button>
  );
  const botonFinalizar = (
    <Button type="primary" disabled={!guardada || subidas < 1} onClick={finalizar}>
      Finalizar registro
    </Button>
  );
  return (
    <PantallaGarita>
      <BusquedaOrden
        key={clave}
        titulo={tipo === 3 ? 'Verificación de carga · Ingreso' : 'Verificación de carga · Salida'}
        def={apiVerificacion.buscar}
        estado={-1}
        estadoVivo={tipo === 3 ? 3 : 4}
        extra={{ CodigoTipoControl: tipo }}
        maxDocumento={8}
        seleccionado={fila}
        alElegir={elegir}
      />
      {conf ? (
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={12}>
            <Card size="small" title={`Orden ${conf.codigoIngreso}`}>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Radio.Group
                  value={tipoCarga}
                  disabled={guardada}
                  onChange={(e) => {
                    setTipoCarga(e.target.value);
                    setMarcados([]);
                  }}
                >
                  <Radio value={1}>Carga suelta</Radio>
                  <Radio value={2}>Contenedor</Radio>
                </Radio.Group>
                {tipoCarga === 1 ? (
                  <Input
                    aria-label="Cantidad de bultos"
                    addonBefore="Bultos verificados"
                    placeholder={`Declarados: ${conf.numeroBultos ?? 0}`}
                    maxLength={5}
                    value={bultos}
                    disabled={guardada}
                    onChange={(e) => setBultos(e.target.value.replace(/\D/g, ''))}
                  />
                ) : (
                  <Input.TextArea
                    aria-label="Marcas del contenedor"
                    placeholder="Marcas del contenedor"
                    maxLength={300}
                    value={marcas}
                    disabled={guardada}
                    onChange={(e) => setMarcas(e.target.value)}
                  />
                )}
                <ListaItems items={items} marcados={marcados} alCambiar={setMarcados} deshabilitado={guardada} />
                <Input.TextArea
                  aria-label="Observaciones"
                  placeholder="Observaciones"
                  maxLength={500}
                  value={observacion}
                  disabled={guardada}
                  onChange={(e) => setObservacion(e.target.value)}
                />
                <Checkbox checked={conforme} disabled={guardada} onChange={(e) => setConforme(e.target.checked)}>
                  {MENSAJES_ETAPAS.declaroVerificado}
                </Checkbox>
                <Checkbox checked={responsable} disabled={guardada} onChange={(e) => setResponsable(e.target.checked)}>
                  {MENSAJES_ETAPAS.soyResponsable}
                </Checkbox>
                {movil ? null : (
                  <Space>
                    <Button onClick={limpiar}>Limpiar</Button>
                    {botonGuardar}
                  </Space>
                )}
              </Space>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title="Imágenes de la verificación">
              {!guardada ? (
                <Alert type="info" message="Guarde la verificación para cargar las imágenes." />
              ) : subidas < 1 ? (
                <Alert
                  type="info"
                  message="Verificación guardada: cargue al menos una imagen y pulse Finalizar registro."
                />
              ) : null}
              <CargaFotos
                multiple
                acceptEscritorio=".jpg,.jpeg,.png,.tif"
                textoEscritorio="Cargar imágenes (jpg, png o jpeg, menores a 7MB)"
                disabled={!guardada}
                fileList={archivos}
                onChange={(i) =>
                  setArchivos(i.fileList.filter((f, n, todos) => todos.findIndex((x) => x.name === f.name) === n))
                }
                beforeUpload={(f, lista) => {
                  if (
                    lista.filter((x) => x.name === f.name).length > 1 ||
                    archivos.some((x) => x.name === f.name && x.status === 'done')
                  )
                    return Upload.LIST_IGNORE;
                  if (f.size <= MAX_PANEL) return true;
                  // A camera photo over the limit is compressed on the device first.
                  return ajustarAlLimite(f, MAX_PANEL, MENSAJES_ETAPAS.archivoSuperaMaximo(f.name, 7), (c) =>
                    setComprimidas((l) => [...l, c]),
                  ).then((a) => a ?? Upload.LIST_IGNORE);
                }}
                customRequest={async ({ file, onSuccess, onError }) => {
                  try {
                    await mutaciones.subir.mutateAsync(file as File);
                    notificar.exito(MENSAJES_ETAPAS.cargaExitosa, undefined, 3);
                    onSuccess?.({});
                  } catch (e) {
                    notificar.error(
                      e instanceof ErrorApi && e.status ? e.message : MENSAJES_ETAPAS.cargaSinExito,
                      e instanceof ErrorApi && e.status ? undefined : MENSAJES_ETAPAS.cargaSinExitoDetalle,
                    );
                    onError?.(e as Error);
                  }
                }}
              />
              <AvisoCompresion fotos={comprimidas} />
              <Space style={{ marginTop: 12 }} wrap>
                <FotosDeLaOrden
                  codigoMovimiento={conf.codigoMovimiento}
                  codigoTipoControl={tipo}
                  deshabilitado={!guardada}
                  agregar={mutaciones.agregarDesdeOrden}
                />
                {movil ? null : botonFinalizar}
              </Space>
            </Card>
          </Col>
        </Row>
      ) : null}
      {conf && movil ? (
        <BarraGuardar>
          <Button onClick={limpiar}>Limpiar</Button>
          {guardada ? botonFinalizar : botonGuardar}
        </BarraGuardar>
      ) : null}
    </PantallaGarita>
  );
}

export default function VerificacionIngresoPage() {
  return <Verificacion tipo={3} />;
}
