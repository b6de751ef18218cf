import { apiBalanza, apiControlSeguridad, MENSAJES_ETAPAS, motivoRechazoEtapa } from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Input, Row, Space, Table, Tag } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import {
  type FilaEtapa,
  mensajeDe,
  opcionesBloqueo,
  useDatosControl,
  useGuardarControl,
  useItemsControl,
} from '../api';
import { BusquedaOrden } from '../components/busqueda-orden';
import { ConductorDialogo } from '../components/dialogos-transportista';
import { BarraGuardar, Dato, PantallaGarita, useGaritaMovil } from '../components/garita';
import { detalleDe, ListaItems } from '../components/lista-items';
import { columnaNumero } from '../../../shared/tabla/columna-numero';

const pesoDeclarado = (n: number | null) =>
  n === null ? '—' : `${n.toLocaleString('es-PE', { maximumFractionDigits: 3 })} kg`;

/**
 * Security control (spec 03 §2.1, §2.2): entry (state 1 → 2, control type 1) or exit (state 4 → 5, type 6).
 * Both tick the items configured under type 6 and check the company's debt block first.
 */
export function ControlSeguridad({ salida }: { salida: boolean }) {
  const estado = salida ? 4 : 1;
  const tipo = salida ? 6 : 1;
  const navegar = useNavigate();
  const [fila, setFila] = useState<FilaEtapa | null>(null);
  const [marcados, setMarcados] = useState<number[]>([]);
  const [observacion, setObservacion] = useState('');
  const [conductor, setConductor] = useState(false);
  const [clave, setClave] = useState(0);
  // The debt block is asked first (spec 03 §4.6); the order's data only when the company may continue.
  const bloqueo = useQuery({
    ...opcionesBloqueo(fila?.codigoEmpresaUsuario ?? 0),
    enabled: fila !== null,
  });
  const bloqueada = fila !== null && (bloqueo.isError || bloqueo.data?.indicadorBloqueo === true);
  const libre = fila !== null && bloqueo.data?.indicadorBloqueo === false;
  const datosConsulta = useDatosControl(libre ? fila.codigoMovimiento : null, salida ? 'balanza' : 'control');
  const datos = libre ? (datosConsulta.data ?? null) : null;
  const items = useItemsControl(6, datos?.codigoTipoIngreso).data ?? [];
  const guardado = useGuardarControl(salida);
  const movil = useGaritaMovil();

  const limpiar = () => {
    setFila(null);
    setMarcados([]);
    setObservacion('');
    setClave((c) => c + 1);
  };

  // Whatever the previous order showed (its block banner, ticks, observation) belongs to that order only.
  const elegir = (f: FilaEtapa | null) => {
    setFila(f);
    setMarcados([]);
    setObservacion('');
  };
  const avisado = useRef<number | null>(null);
  useEffect(() => {
    if (bloqueada && fila && avisado.current !== fila.codigoMovimiento) {
      avisado.current = fila.codigoMovimiento;
      notificar.aviso(MENSAJES_ETAPAS.bloqueoDeuda, undefined, 7);
    }
    if (!fila) avisado.current = null;
  }, [bloqueada, fila]);

  // On a phone the observation is a screen or two below the save bar: a refusal for it takes the guard there.
  const campoObservacion = useRef<TextAreaRef>(null);
  const irAObservacion = () => {
    const area = campoObservacion.current?.resizableTextArea?.textArea;
    area?.scrollIntoView({ block: 'center' });
    area?.focus({ preventScroll: true });
  };
  const sinMarcar = items.filter((i) => !marcados.includes(i.codigoDetalleTipoContol)).length;
  const faltaObservacion = sinMarcar > 0 && !observacion.trim();
  const guardar = async () => {
    if (!datos) return;
    // Unticked items need the reason in Observaciones; the server refuses the same way.
    if (faltaObservacion) {
      notificar.error(MENSAJES_ETAPAS.controlSinObservacion);
      irAObservacion();
      return;
    }
    try {
      const r = await guardado.mutateAsync({
        codigoTipoControl: tipo,
        codigoMovimiento: datos.codigoMovimiento,
        usuarioRegistro: '',
        detalleTipoControl: detalleDe(items, marcados),
        observacion,
      });
      notificar.exito(MENSAJES_ETAPAS.registroExitoso, r.message, 3);
      limpiar();
    } catch (e) {
      if (e instanceof ErrorApi && e.status === 423) notificar.aviso(e.message, undefined, 7);
      else {
        const enObservacion = e instanceof ErrorApi ? e.errors?.observacion?.[0] : undefined;
        notificar.error(mensajeDe(e), enObservacion);
        if (enObservacion) irAObservacion();
      }
    }
  };

  // Why this order cannot pass this stage now, and what to do next: the table's own reason.
  const motivo = datos ? motivoRechazoEtapa(tipo, datos) : null;
  const puede = motivo === null;
  const botones = (
    <>
      <Button onClick={limpiar}>Limpiar</Button>
      <Button type="primary" disabled={!puede || bloqueada} loading={guardado.isPending} onClick={guardar}>
        Guardar Control
      </Button>
    </>
  );
  return (
    <PantallaGarita>
      <BusquedaOrden
        key={clave}
        titulo={salida ? 'Control Salida' : 'Control Ingreso Peatonal y Vehícular'}
        def={salida ? apiBalanza.buscar : apiControlSeguridad.buscar}
        estado={estado}
        estadoVivo={estado}
        maxDocumento={salida ? 8 : 11}
        seleccionado={fila}
        alElegir={elegir}
      />
      {bloqueada ? <Alert type="error" showIcon message={MENSAJES_ETAPAS.bloqueoDeuda} /> : null}
      {datos ? (
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={14}>
            <Card
              size="small"
              title={`Datos de control · ${datos.codigoIngreso}`}
              extra={
                salida ? null : (
                  <Space wrap>
                    <Button onClick={() => setConductor(true)}>Conductor y transportista</Button>
                    <Button onClick={() => navegar(`/app/operations/order/register/${datos.codigoMovimiento}`)}>
                      Modificar Datos
                    </Button>
                  </Space>
                )
              }
            >
              <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
                <Descriptions.Item label="Empresa usuaria">{datos.razonSocial}</Descriptions.Item>
                <Descriptions.Item label="Tipo de ingreso">
                  <Tag>{datos.codigoTipoIngreso}</Tag>
                </Descriptions.Item>
                <Descriptions.Item label="Nombres">{datos.nombres}</Descriptions.Item>
                <Descriptions.Item label="Apellidos">{datos.apellidos}</Descriptions.Item>
                <Descriptions.Item label="Documento">
                  {[datos.tipoDocumentoIdentidad, datos.numeroDocumentoIdentidad].filter(Boolean).join(' · ')}
                </Descriptions.Item>
                <Descriptions.Item label="N° de licencia">{datos.numerobrevete ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Placa">{datos.placaVehiculo ?? 'SIN PLACA'}</Descriptions.Item>
                <Descriptions.Item label="SOAT">{datos.soat ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Peso bruto declarado">
                  {pesoDeclarado(datos.pesoBrutoDeclarado)}
                </Descriptions.Item>
                <Descriptions.Item label="Tara declarada">{pesoDeclarado(datos.pesoTaraDeclarado)}</Descriptions.Item>
                <Descriptions.Item label="Bultos">{datos.numeroBultos ?? 0}</Descriptions.Item>
                <Descriptions.Item label="Documentos">
                  {datos.documentos.map((d) => `${d.tipoDocumentoFiscal ?? ''} ${d.numeroDocumentoFiscal}`).join(', ')}
                </Descriptions.Item>
              </Descriptions>
              {salida && movil ? (
                <div className="garita-tarjetas">
                  {datos.lineas.map((l) => (
                    <div className="garita-linea" key={l.codigoMovimientoDetalle}>
                      <div className="garita-linea-titulo">{l.descripcion}</div>
                      <Dato etiqueta="Documento">{l.numeroDocumento}</Dato>
                      <Dato etiqueta="Cantidad">{l.cantidad}</Dato>
                    </div>
                  ))}
                </div>
              ) : salida ? (
                <Table
                  style={{ marginTop: 12 }}
                  size="small"
                  rowKey="codigoMovimientoDetalle"
                  pagination={false}
                  dataSource={datos.lineas}
                  columns={[
                    columnaNumero(1, datos.lineas.length),
                    { title: 'Producto', dataIndex: 'descripcion' },
                    { title: 'Documento', dataIndex: 'numeroDocumento' },
                    { title: 'Cantidad', dataIndex: 'cantidad', align: 'right' },
                  ]}
                />
              ) : null}
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small" title="Ítems de revisión">
              <ListaItems items={items} marcados={marcados} alCambiar={setMarcados} />
              <Input.TextArea
                ref={campoObservacion}
                style={{ marginTop: 12 }}
                aria-label="Observaciones"
                placeholder={sinMarcar > 0 ? 'Observaciones: indique por qué quedan ítems sin marcar' : 'Observaciones'}
                status={faltaObservacion ? 'warning' : undefined}
                maxLength={500}
                value={observacion}
                onChange={(e) => setObservacion(e.target.value)}
              />
              {motivo ? (
                <Alert style={{ marginTop: 8 }} type="warning" showIcon message={motivo} data-testid="motivo-etapa" />
              ) : null}
              {movil ? null : <Space style={{ marginTop: 12 }}>{botones}</Space>}
            </Card>
          </Col>
        </Row>
      ) : null}
      {datos && conductor ? (
        <ConductorDialogo abierto={conductor} datos={datos} alCerrar={() => setConductor(false)} />
      ) : null}
      {datos && movil ? <BarraGuardar>{botones}</BarraGuardar> : null}
    </PantallaGarita>
  );
}

export default function ControlIngresoPage() {
  return <ControlSeguridad salida={false} />;
}
