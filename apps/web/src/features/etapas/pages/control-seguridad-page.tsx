import { etapasDisponibles, MENSAJES_ETAPAS } from '@cronos/contract';
import { Alert, Button, Card, Col, Descriptions, Input, Row, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { type DatosControl, datosControl, type FilaEtapa, type ItemControl, itemsControl, mensajeDe } from '../api';
import { BusquedaOrden } from '../components/busqueda-orden';
import { ConductorDialogo } from '../components/dialogos-transportista';
import { detalleDe, ListaItems } from '../components/lista-items';

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
  const [datos, setDatos] = useState<DatosControl | null>(null);
  const [items, setItems] = useState<ItemControl[]>([]);
  const [marcados, setMarcados] = useState<number[]>([]);
  const [observacion, setObservacion] = useState('');
  const [bloqueada, setBloqueada] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const [conductor, setConductor] = useState(false);
  const [clave, setClave] = useState(0);

  const limpiar = () => {
    setFila(null);
    setDatos(null);
    setItems([]);
    setMarcados([]);
    setObservacion('');
    setBloqueada(false);
    setClave((c) => c + 1);
  };

  async function elegir(f: FilaEtapa | null) {
    setFila(f);
    setDatos(null);
    setMarcados([]);
    if (!f) return;
    try {
      const b = await api.get<{ indicadorBloqueo: boolean }>(
        '/EmpresaUsuario/ConsultaEmpresaUsuarioBloqueo',
        { Codigo: f.codigoEmpresaUsuario },
        { silencioso: true },
      );
      setBloqueada(b.data.indicadorBloqueo);
      if (b.data.indicadorBloqueo) {
        notificar.aviso(MENSAJES_ETAPAS.bloqueoDeuda, undefined, 7);
        return;
      }
    } catch {
      setBloqueada(true);
      notificar.aviso(MENSAJES_ETAPAS.bloqueoDeuda, undefined, 7);
      return;
    }
    const d = await datosControl(f.codigoMovimiento, salida ? '/Balanza/ConsultaMovimientoDatosControl' : undefined);
    setDatos(d);
    setItems(await itemsControl(6, d.codigoTipoIngreso));
  }

  const guardar = async () => {
    if (!datos) return;
    setGuardando(true);
    const form = {
      codigoTipoControl: tipo,
      codigoMovimiento: datos.codigoMovimiento,
      usuarioRegistro: '',
      detalleTipoControl: detalleDe(items, marcados),
      observacion,
    };
    try {
      const r = salida
        ? await api.post('/Balanza/GuardarVerificacionControlSalida', { data: form }, { manejar: [409, 422, 423] })
        : await api.post('/ControlSeguridad/GuardarVerificacionControlIngreso', form, { manejar: [409, 422, 423] });
      if (r.success !== true && r.success !== 'true') notificar.error(r.message);
      else {
        notificar.exito(MENSAJES_ETAPAS.registroExitoso, r.message, 3);
        limpiar();
      }
    } catch (e) {
      if (e instanceof ErrorApi && e.status === 423) notificar.aviso(e.message, undefined, 7);
      else notificar.error(mensajeDe(e));
    } finally {
      setGuardando(false);
    }
  };

  const puede = datos ? etapasDisponibles({ ...datos }).includes(tipo) : false;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <BusquedaOrden
        key={clave}
        titulo={salida ? 'Control Salida' : 'Control Ingreso Peatonal y Vehícular'}
        ruta={salida ? '/Balanza/ConsultarMovimientoControl' : '/ControlSeguridad/ConsultarMovimientoControl'}
        estado={estado}
        estadoVivo={estado}
        maxDocumento={salida ? 8 : 11}
        seleccionado={fila}
        alElegir={elegir}
      />
      {bloqueada ? <Alert type="error" showIcon message={MENSAJES_ETAPAS.bloqueoDeuda} /> : null}
      {datos ? (
        <Row gutter={12}>
          <Col xs={24} lg={14}>
            <Card
              size="small"
              title={`Datos de control · ${datos.codigoIngreso}`}
              extra={
                salida ? null : (
                  <Space>
                    <Button onClick={() => setConductor(true)}>Conductor y transportista</Button>
                    <Button onClick={() => navegar(`/app/operations/order/register/${datos.codigoMovimiento}`)}>
                      Modificar Datos
                    </Button>
                  </Space>
                )
              }
            >
              <Descriptions size="small" column={2} bordered>
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
              {salida ? (
                <Table
                  style={{ marginTop: 12 }}
                  size="small"
                  rowKey="codigoMovimientoDetalle"
                  pagination={false}
                  dataSource={datos.lineas}
                  columns={[
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
                style={{ marginTop: 12 }}
                aria-label="Observaciones"
                placeholder="Observaciones"
                maxLength={500}
                value={observacion}
                onChange={(e) => setObservacion(e.target.value)}
              />
              {!puede ? (
                <Alert style={{ marginTop: 8 }} type="warning" message="La orden no puede pasar esta etapa ahora." />
              ) : null}
              <Space style={{ marginTop: 12 }}>
                <Button onClick={limpiar}>Limpiar</Button>
                <Button type="primary" disabled={!puede || bloqueada} loading={guardando} onClick={guardar}>
                  Guardar Control
                </Button>
              </Space>
            </Card>
          </Col>
        </Row>
      ) : null}
      {datos && conductor ? (
        <ConductorDialogo
          abierto={conductor}
          datos={datos}
          alCerrar={(cambio) => {
            setConductor(false);
            if (cambio && fila) void elegir(fila);
          }}
        />
      ) : null}
    </Space>
  );
}

export default function ControlIngresoPage() {
  return <ControlSeguridad salida={false} />;
}
