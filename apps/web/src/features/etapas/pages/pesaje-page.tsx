import {
  MENSAJES_ETAPAS,
  motivoRechazoEtapa,
  PESO_MINIMO_BALANZA_KG,
  TIPO_NOTIFICACION,
  tipoBalanzaDeIngreso,
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
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useParametro } from '../../../shared/api/parametros';
import { useEventosNotificacion } from '../../../shared/notificaciones/use-canal';
import { type DatosControl, datosControl, type FilaEtapa, mensajeDe } from '../api';
import { ArchivosOrden } from '../components/archivos-orden';
import { BusquedaOrden } from '../components/busqueda-orden';

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
  const [fila, setFila] = useState<FilaEtapa | null>(null);
  const [datos, setDatos] = useState<DatosControl | null>(null);
  const [tipoBalanza, setTipoBalanza] = useState<number | undefined>();
  const [carreta, setCarreta] = useState(false);
  const [vehiculo, setVehiculo] = useState<Captura | null>(null);
  const [remolque, setRemolque] = useState<Captura | null>(null);
  const [conforme, setConforme] = useState(false);
  const [rechazado, setRechazado] = useState(false);
  const [capturando, setCapturando] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const [clave, setClave] = useState(0);
  const estadoBalanza = useQuery({
    queryKey: ['estado-balanza', tipoBalanza],
    enabled: tipoBalanza === 1,
    refetchInterval: 3_000,
    queryFn: async () =>
      (await api.get<{ connected: boolean }>('/Balanza/EstadoBalanza', { TipoBalanza: 1 }, { silencioso: true })).data,
  });

  const limpiar = () => {
    setFila(null);
    setDatos(null);
    setTipoBalanza(undefined);
    setCarreta(false);
    setVehiculo(null);
    setRemolque(null);
    setConforme(false);
    setRechazado(false);
    setClave((c) => c + 1);
  };
  // The verification this stage waits for was finalized elsewhere: the chosen order's readiness is refreshed.
  useEventosNotificacion((e) => {
    if (e.tipo !== TIPO_NOTIFICACION.verificacionFinalizada || !datos) return;
    if (e.datos?.codigoMovimiento !== datos.codigoMovimiento) return;
    void datosControl(datos.codigoMovimiento, '/Balanza/ConsultaMovimientoDatosControl').then(setDatos);
  });

  const elegir = async (f: FilaEtapa | null) => {
    setFila(f);
    setDatos(null);
    setVehiculo(null);
    setRemolque(null);
    if (!f) return;
    const d = await datosControl(f.codigoMovimiento, '/Balanza/ConsultaMovimientoDatosControl');
    setDatos(d);
    setTipoBalanza(tipoBalanzaDeIngreso(d.codigoTipoIngreso));
  };

  const capturar = async (numero: 1 | 2) => {
    if (!tipoBalanza) {
      notificar.error(MENSAJES_ETAPAS.seleccionarBalanza);
      return;
    }
    if (!datos) return;
    setCapturando(true);
    try {
      const ruta = salida ? '/Balanza/ObtenerSegundoPesaje' : '/Balanza/ObtenerPrimerPesaje';
      const params: Record<string, number> = { TipoBalanza: tipoBalanza, CodigoMovimiento: datos.codigoMovimiento };
      if (numero === 2) {
        if (salida) {
          params.TipoCarreta = 2;
          params.PrimeraPesadaCarreta = vehiculo?.peso ?? 0;
        } else params.Carreta = 2;
      }
      const r = await api.get<Captura>(ruta, params, { manejar: [409, 422, 503] });
      if (numero === 1) setVehiculo(r.data);
      else setRemolque(r.data);
      setRechazado(false);
    } catch (e) {
      notificar.error(mensajeDe(e));
    } finally {
      setCapturando(false);
    }
  };

  const pesoTotal =
    (vehiculo?.peso ?? 0) + (carreta ? (salida ? (remolque?.pesoSegundaCarreta ?? 0) : (remolque?.peso ?? 0)) : 0);
  const entrada = salida ? (fila?.pesoUno ?? 0) : 0;
  const bruto = salida ? Math.max(entrada, pesoTotal) : pesoTotal;
  const tara = salida ? Math.min(entrada, pesoTotal) : 0;

  const guardar = async () => {
    if (!datos || !tipoBalanza) return;
    if (tipoBalanza === 1 && pesoTotal <= PESO_MINIMO_BALANZA_KG) {
      notificar.error(MENSAJES_ETAPAS.pesoMayor80);
      setRechazado(true);
      if (salida) setConforme(false);
      return;
    }
    setGuardando(true);
    try {
      const ruta = salida ? '/Balanza/ActualizaBalanzaSalida' : '/Balanza/GuardarBalanzaIngreso';
      const r = await api.post(
        ruta,
        {
          data: {
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
          },
        },
        { manejar: [409, 422, 503] },
      );
      notificar.exito(MENSAJES_ETAPAS.registroExitoso, r.message, salida ? 40 : 50);
      limpiar();
    } catch (e) {
      notificar.error(mensajeDe(e));
      setRechazado(true);
      if (salida) setConforme(false);
    } finally {
      setGuardando(false);
    }
  };

  const motivo = datos ? motivoRechazoEtapa(salida ? 4 : 2, datos) : null;
  const opcionesBalanza = (tipos.data ?? []).map((t) => ({ value: Number(t.codigo), label: t.descripcion }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <BusquedaOrden
        key={clave}
        titulo={salida ? 'Pesaje Salida' : 'Pesaje Ingreso'}
        ruta="/Balanza/ConsultarMovimientoControl"
        estado={estado}
        estadoVivo={estado}
        maxDocumento={8}
        seleccionado={fila}
        alElegir={elegir}
      />
      {datos ? (
        <Row gutter={12}>
          <Col xs={24} lg={13}>
            <Card
              size="small"
              title={`Orden ${datos.codigoIngreso} · ${datos.razonSocial}`}
              extra={<ArchivosOrden codigoMovimiento={datos.codigoMovimiento} codigoIngreso={datos.codigoIngreso} />}
            >
              <Descriptions size="small" column={2} bordered>
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
              <Table
                size="small"
                style={{ marginTop: 12 }}
                rowKey="codigoMovimientoDetalle"
                pagination={false}
                dataSource={datos.lineas}
                columns={[
                  { title: 'Código', dataIndex: 'codigoInterno' },
                  { title: 'Partida', dataIndex: 'numeroPartida' },
                  { title: 'Descripción', dataIndex: 'descripcion' },
                  { title: 'Unidad', dataIndex: 'unidadMedida' },
                  { title: 'Cantidad', dataIndex: 'cantidad', align: 'right' },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={11}>
            <Card size="small" title="Pesaje">
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Select
                    aria-label="Balanza"
                    placeholder="Seleccione balanza"
                    style={{ minWidth: 200 }}
                    value={tipoBalanza}
                    options={opcionesBalanza}
                    allowClear
                    onChange={(v) => {
                      setTipoBalanza(v);
                      setVehiculo(null);
                      setRemolque(null);
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
                <Space wrap>
                  <Button type="primary" loading={capturando} onClick={() => capturar(1)}>
                    Capturar peso
                  </Button>
                  {tipoBalanza === 1 ? (
                    <Space>
                      <Switch
                        checked={carreta}
                        onChange={(v) => {
                          setCarreta(v);
                          setRemolque(null);
                        }}
                        aria-label={salida ? 'Doble carreta' : 'Con carreta'}
                      />
                      <span>{salida ? 'Doble carreta' : 'Con carreta'}</span>
                    </Space>
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
                  <Space wrap>
                    <span>
                      Peso bruto <InputNumber aria-label="Peso bruto" readOnly value={bruto} />
                    </span>
                    <span>
                      Peso neto <InputNumber aria-label="Peso neto" readOnly value={bruto - tara} />
                    </span>
                    <span>
                      Peso tara <InputNumber aria-label="Peso tara" readOnly value={tara} />
                    </span>
                  </Space>
                ) : (
                  <div>
                    Peso total: <strong data-testid="peso-total">{kg(pesoTotal)}</strong>
                  </div>
                )}
                {rechazado ? (
                  <Alert
                    type="error"
                    message={tipoBalanza === 2 ? MENSAJES_ETAPAS.pesoMayor0 : MENSAJES_ETAPAS.pesoMayor80}
                  />
                ) : null}
                {motivo ? <Alert type="warning" showIcon message={motivo} data-testid="motivo-etapa" /> : null}
                <Checkbox checked={conforme} onChange={(e) => setConforme(e.target.checked)}>
                  {MENSAJES_ETAPAS.declaroVerificado}
                </Checkbox>
                <Space>
                  <Button onClick={limpiar}>Limpiar</Button>
                  <Button
                    type="primary"
                    disabled={!conforme || !!motivo || (!salida && rechazado) || (tipoBalanza === 1 && !vehiculo)}
                    loading={guardando}
                    onClick={guardar}
                  >
                    Guardar
                  </Button>
                </Space>
              </Space>
            </Card>
          </Col>
        </Row>
      ) : null}
    </Space>
  );
}

export default function PesajeIngresoPage() {
  return <Pesaje salida={false} />;
}
