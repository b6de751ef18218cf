import {
  apiBalanza,
  MENSAJES_ETAPAS,
  motivoRechazoEtapa,
  PESO_MINIMO_BALANZA_KG,
  TIPO_NOTIFICACION,
} from '@cronos/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  InputNumber,
  Row,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useParametro } from '../../../shared/api/parametros';
import { useEventosNotificacion } from '../../../shared/notificaciones/use-canal';
import {
  clavesEtapas,
  type FilaEtapa,
  mensajeDe,
  useCapturaPeso,
  useDatosControl,
  useEstadoBalanza,
  useGuardarPesaje,
} from '../api';
import { ArchivosOrden } from '../components/archivos-orden';
import { BusquedaOrden } from '../components/busqueda-orden';
import { BarraGuardar, Dato, PantallaGarita, useGaritaMovil } from '../components/garita';
import { columnaNumero } from '../../../shared/tabla/columna-numero';

interface Captura {
  codigoPesaje: number;
  peso: number;
  pesoSegundaCarreta?: number;
  pesoBruto: number;
  pesoNeto: number;
  pesoTara: number;
  pesoEntrada?: number;
}

const kg = (n: number | undefined | null) => `${(n ?? 0).toLocaleString('es-PE', { maximumFractionDigits: 3 })} kg`;

/** Entry (state 2, type 2) and exit (state 3, type 4) weighing (spec 03 §2.3, §2.4, §5.2). */
export function Pesaje({ salida }: { salida: boolean }) {
  const estado = salida ? 3 : 2;
  const tipos = useParametro(27, 'ParametroValor');
  const cliente = useQueryClient();
  const [fila, setFila] = useState<FilaEtapa | null>(null);
  const datos = useDatosControl(fila?.codigoMovimiento ?? null).data ?? null;
  const [tipoBalanza, setTipoBalanza] = useState<number | undefined>();
  const [carreta, setCarreta] = useState(false);
  // The captures are the server's (stored and audited there): each is the answer of its own call.
  const capturaVehiculo = useCapturaPeso(salida);
  const capturaRemolque = useCapturaPeso(salida);
  const vehiculo: Captura | null = capturaVehiculo.data ?? null;
  const remolque: Captura | null = capturaRemolque.data ?? null;
  const setVehiculo = (_: null) => capturaVehiculo.reset();
  const setRemolque = (_: null) => capturaRemolque.reset();
  const [conforme, setConforme] = useState(false);
  const [rechazado, setRechazado] = useState<string | null>(null);
  const capturando = capturaVehiculo.isPending || capturaRemolque.isPending;
  const guardado = useGuardarPesaje(salida);
  const [clave, setClave] = useState(0);
  const estadoBalanza = useEstadoBalanza(tipoBalanza);
  const movil = useGaritaMovil();

  const limpiar = () => {
    setFila(null);
    setTipoBalanza(undefined);
    setCarreta(false);
    setVehiculo(null);
    setRemolque(null);
    setConforme(false);
    setRechazado(null);
    setClave((c) => c + 1);
  };
  // The verification this stage waits for was finalized elsewhere: the chosen order's readiness is refreshed.
  useEventosNotificacion((e) => {
    if (e.tipo !== TIPO_NOTIFICACION.verificacionFinalizada || !datos) return;
    if (e.datos?.codigoMovimiento !== datos.codigoMovimiento) return;
    void cliente.invalidateQueries({ queryKey: clavesEtapas.datos(datos.codigoMovimiento) });
  });

  const elegir = (f: FilaEtapa | null) => {
    // The operator chooses the scale (spec 03 §5.2): none is preselected, so its message can be reached.
    setFila(f);
    setTipoBalanza(undefined);
    setCarreta(false);
    setVehiculo(null);
    setRemolque(null);
    setConforme(false);
    setRechazado(null);
  };

  const capturar = async (numero: 1 | 2) => {
    if (!tipoBalanza) {
      notificar.error(MENSAJES_ETAPAS.seleccionarBalanza);
      return;
    }
    if (!datos) return;
    const q = {
      TipoBalanza: tipoBalanza,
      CodigoMovimiento: datos.codigoMovimiento,
      ...(numero === 2
        ? salida
          ? { TipoCarreta: 2, PrimeraPesadaCarreta: vehiculo?.peso ?? 0 }
          : { Carreta: 2 }
        : {}),
    };
    try {
      await (numero === 1 ? capturaVehiculo : capturaRemolque).mutateAsync(q);
      setRechazado(null);
    } catch (e) {
      notificar.error(mensajeDe(e));
    }
  };

  const pesoTotal =
    (vehiculo?.peso ?? 0) + (carreta ? (salida ? (remolque?.pesoSegundaCarreta ?? 0) : (remolque?.peso ?? 0)) : 0);
  const entrada = salida ? (fila?.pesoUno ?? 0) : 0;
  const bruto = salida ? Math.max(entrada, pesoTotal) : pesoTotal;
  const tara = salida ? Math.min(entrada, pesoTotal) : 0;

  const rechazar = (mensaje: string) => {
    notificar.error(mensaje);
    setRechazado(mensaje);
    if (salida) setConforme(false);
  };
  const guardar = async () => {
    if (!datos) return;
    // Every refusal is said in the spec's words: no scale, too light for the truck scale, or a
    // weight where no scale is used.
    if (!tipoBalanza) {
      notificar.error(MENSAJES_ETAPAS.seleccionarBalanza);
      return;
    }
    if (tipoBalanza === 1 && pesoTotal <= PESO_MINIMO_BALANZA_KG) return rechazar(MENSAJES_ETAPAS.pesoMayor80);
    if (tipoBalanza === 2 && pesoTotal > 0) return rechazar(MENSAJES_ETAPAS.pesoMayor0);
    try {
      const r = await guardado.mutateAsync({
        codigoMovimiento: datos.codigoMovimiento,
        codigoTipoControl: salida ? 4 : 2,
        codeTipoBalanza: tipoBalanza,
        peso: vehiculo?.peso ?? 0,
        pesoCarreta: carreta ? pesoTotal - (vehiculo?.peso ?? 0) : 0,
        pesoBruto: bruto,
        pesoNeto: bruto - tara,
        pesoTara: tara,
        ...(salida ? { pesoTotalMecancia: bruto - tara } : {}),
        codigoPesaje: vehiculo?.codigoPesaje,
        codigoPesajeCarreta: carreta ? remolque?.codigoPesaje : undefined,
      });
      notificar.exito(MENSAJES_ETAPAS.registroExitoso, r.message, salida ? 40 : 50);
      limpiar();
    } catch (e) {
      rechazar(mensajeDe(e));
    }
  };

  const motivo = datos ? motivoRechazoEtapa(salida ? 4 : 2, datos) : null;
  const opcionesBalanza = (tipos.data ?? []).map((t) => ({ value: Number(t.codigo), label: t.descripcion }));
  const botones = (
    <>
      <Button onClick={limpiar}>Limpiar</Button>
      <Button
        type="primary"
        // Not while a weight is being captured: the save would check the weight shown before the capture ends.
        disabled={!conforme || !!motivo || (!salida && !!rechazado) || capturando}
        loading={guardado.isPending}
        onClick={guardar}
      >
        Guardar
      </Button>
    </>
  );
  return (
    <PantallaGarita>
      <BusquedaOrden
        key={clave}
        titulo={salida ? 'Pesaje Salida' : 'Pesaje Ingreso'}
        def={apiBalanza.buscar}
        estado={estado}
        estadoVivo={estado}
        maxDocumento={8}
        seleccionado={fila}
        alElegir={elegir}
      />
      {datos ? (
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={13}>
            <Card
              size="small"
              title={`Orden ${datos.codigoIngreso} · ${datos.razonSocial}`}
              extra={<ArchivosOrden codigoMovimiento={datos.codigoMovimiento} codigoIngreso={datos.codigoIngreso} />}
            >
              <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
                <Descriptions.Item label="Placa">{datos.placaUno || 'SIN PLACA'}</Descriptions.Item>
                <Descriptions.Item label="Placa 2">{datos.placaDos || 'SIN PLACA'}</Descriptions.Item>
                {datos.pesoBrutoDeclarado !== null || datos.pesoTaraDeclarado !== null ? (
                  <>
                    <Descriptions.Item label="Peso bruto declarado">{kg(datos.pesoBrutoDeclarado)}</Descriptions.Item>
                    <Descriptions.Item label="Tara declarada">{kg(datos.pesoTaraDeclarado)}</Descriptions.Item>
                  </>
                ) : null}
                <Descriptions.Item label="Documentos" span={2}>
                  {datos.documentos.map((d) => `${d.tipoDocumentoFiscal ?? ''} ${d.numeroDocumentoFiscal}`).join(', ')}
                </Descriptions.Item>
              </Descriptions>
              {movil ? (
                <div className="garita-tarjetas">
                  {datos.lineas.map((l) => (
                    <div className="garita-linea" key={l.codigoMovimientoDetalle}>
                      <div className="garita-linea-titulo">{l.descripcion}</div>
                      <Dato etiqueta="Código">{l.codigoInterno}</Dato>
                      <Dato etiqueta="Partida">{l.numeroPartida}</Dato>
                      <Dato etiqueta="Cantidad">
                        {l.cantidad} {l.unidadMedida}
                      </Dato>
                    </div>
                  ))}
                </div>
              ) : (
                <Table
                  size="small"
                  style={{ marginTop: 12 }}
                  rowKey="codigoMovimientoDetalle"
                  pagination={false}
                  dataSource={datos.lineas}
                  columns={[
                    columnaNumero(1, datos.lineas.length),
                    { title: 'Código', dataIndex: 'codigoInterno' },
                    { title: 'Partida', dataIndex: 'numeroPartida' },
                    { title: 'Descripción', dataIndex: 'descripcion' },
                    { title: 'Unidad', dataIndex: 'unidadMedida' },
                    { title: 'Cantidad', dataIndex: 'cantidad', align: 'right' },
                  ]}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={11}>
            <Card size="small" title="Pesaje">
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space
                  wrap
                  style={movil ? { width: '100%' } : undefined}
                  className={movil ? 'garita-acciones' : undefined}
                >
                  <Select
                    aria-label="Balanza"
                    placeholder="Seleccione balanza"
                    style={{ minWidth: 200, width: movil ? '100%' : undefined }}
                    value={tipoBalanza}
                    options={opcionesBalanza}
                    allowClear={!movil}
                    onChange={(v) => {
                      setTipoBalanza(v);
                      setVehiculo(null);
                      setRemolque(null);
                      setRechazado(null);
                    }}
                  />
                  {tipoBalanza === 1 ? (
                    <Tag color={estadoBalanza.data?.connected ? 'green' : 'red'}>
                      {estadoBalanza.data?.connected ? 'Balanza conectada' : 'Balanza sin conexión'}
                    </Tag>
                  ) : null}
                </Space>
                {salida ? (
                  <Card size="small" type="inner" title="Primer pesaje">
                    <Statistic value={entrada} suffix="kg" />
                  </Card>
                ) : null}
                <Space wrap className={movil ? 'garita-acciones' : undefined}>
                  <Button type="primary" loading={capturando} onClick={() => capturar(1)}>
                    Capturar peso
                  </Button>
                  {tipoBalanza === 1 ? (
                    // biome-ignore lint/a11y/noLabelWithoutControl: the switch inside is the label's control (a button)
                    <label className="garita-interruptor">
                      <Switch
                        checked={carreta}
                        onChange={(v) => {
                          setCarreta(v);
                          setRemolque(null);
                        }}
                        aria-label={salida ? 'Doble carreta' : 'Con carreta'}
                      />
                      <span>{salida ? 'Doble carreta' : 'Con carreta'}</span>
                    </label>
                  ) : null}
                  {carreta ? (
                    <Button loading={capturando} disabled={!vehiculo} onClick={() => capturar(2)}>
                      Capturar carreta
                    </Button>
                  ) : null}
                </Space>
                <Row gutter={8}>
                  <Col span={12}>
                    <Statistic title="Peso" value={vehiculo?.peso ?? 0} suffix="kg" />
                  </Col>
                  <Col span={12}>
                    <Statistic
                      title="Peso carreta"
                      value={carreta ? pesoTotal - (vehiculo?.peso ?? 0) : 0}
                      suffix="kg"
                    />
                  </Col>
                </Row>
                {salida ? (
                  <Space wrap direction={movil ? 'vertical' : 'horizontal'}>
                    {/* Until the second weight is captured there is no gross, net or tare to show (the first
                        weight alone read as a net of the whole truck). */}
                    <span>
                      Peso bruto{' '}
                      <InputNumber aria-label="Peso bruto" readOnly value={vehiculo ? bruto : null} placeholder="—" />
                    </span>
                    <span>
                      Peso neto{' '}
                      <InputNumber
                        aria-label="Peso neto"
                        readOnly
                        value={vehiculo ? bruto - tara : null}
                        placeholder="—"
                      />
                    </span>
                    <span>
                      Peso tara{' '}
                      <InputNumber aria-label="Peso tara" readOnly value={vehiculo ? tara : null} placeholder="—" />
                    </span>
                  </Space>
                ) : (
                  <div>
                    Peso total: <strong data-testid="peso-total">{kg(pesoTotal)}</strong>
                  </div>
                )}
                {rechazado ? <Alert type="error" showIcon message={rechazado} data-testid="rechazo-pesaje" /> : null}
                {motivo ? <Alert type="warning" showIcon message={motivo} data-testid="motivo-etapa" /> : null}
                <Checkbox checked={conforme} onChange={(e) => setConforme(e.target.checked)}>
                  {MENSAJES_ETAPAS.declaroVerificado}
                </Checkbox>
                {movil ? null : <Space>{botones}</Space>}
              </Space>
            </Card>
          </Col>
        </Row>
      ) : null}
      {datos && movil ? <BarraGuardar>{botones}</BarraGuardar> : null}
    </PantallaGarita>
  );
}

export default function PesajeIngresoPage() {
  return <Pesaje salida={false} />;
}
