import { MENSAJES_ETAPAS } from '@cronos/contract';
import { Button, Card, Input, Space, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { EscanerQr } from '../../../shared/escaner/escaner-qr';
import { useEventosMovimiento } from '../../../shared/notificaciones/use-canal';
import {
  type ConsultaBusqueda,
  consultaDe,
  type DefBusqueda,
  type FilaEtapa,
  guardadaAqui,
  opcionesBusqueda,
  useBusquedaEtapa,
} from '../api';
import { useGaritaMovil } from './garita';
import { columnaNumero } from '../../../shared/tabla/columna-numero';

interface Props {
  /** The screen's search route (its contract definition). */
  def: DefBusqueda;
  estado: number;
  /**
   * The movement state whose arrivals and departures refresh the results: the screen's state, or
   * for the verification screens (estado -1) the state of their stage.
   */
  estadoVivo: number;
  /** Max length of an identity document in this screen (11 in security control, 8 elsewhere). */
  maxDocumento: number;
  extra?: Record<string, number>;
  seleccionado: FilaEtapa | null;
  alElegir: (f: FilaEtapa | null) => void;
  titulo?: string;
}

/**
 * Stage search (spec 03 §2, §5.1): order code or identity document, upper-cased, then one result chosen.
 * The rows live in the query cache under the search; when an order reaches or leaves this screen's state (on
 * any server instance) the search runs again quietly: a row appears or disappears without a manual search,
 * and a chosen order that left is let go.
 */
export function BusquedaOrden(p: Props) {
  const cliente = useQueryClient();
  const [texto, setTexto] = useState('');
  const [consulta, setConsulta] = useState<ConsultaBusqueda | null>(null);
  const resultado = useBusquedaEtapa(p.def, consulta);
  const [buscando, setBuscando] = useState(false);
  const vigente = useRef({ seleccionado: p.seleccionado, alElegir: p.alElegir, consulta });
  vigente.current = { seleccionado: p.seleccionado, alElegir: p.alElegir, consulta };
  const max = /^OP/i.test(texto) ? 9 : Math.max(9, p.maxDocumento);
  const filas = consulta ? (resultado.data?.filas ?? []) : [];

  const movil = useGaritaMovil();
  const buscar = async (valor: string = texto) => {
    if (!valor.trim()) {
      notificar.error(MENSAJES_ETAPAS.codigoODocumentoRequerido);
      return;
    }
    // Each search starts clean: the previous choice and what the screen showed for it are let go.
    p.alElegir(null);
    const c = consultaDe(valor, p.estado, p.extra);
    setBuscando(true);
    try {
      const r = await cliente.fetchQuery(opcionesBusqueda(p.def, c));
      setConsulta(c);
      if (r.aviso) notificar.aviso(r.aviso);
      if (r.filas.length === 1) p.alElegir(r.filas[0] ?? null);
    } catch {
      setConsulta(null);
    } finally {
      setBuscando(false);
    }
  };

  useEventosMovimiento(p.estadoVivo, () => {
    if (!vigente.current.consulta) return;
    void resultado.refetch().then((r) => {
      const { seleccionado, alElegir } = vigente.current;
      const nuevas = r.data?.filas ?? [];
      if (seleccionado && !nuevas.some((f) => f.codigoMovimiento === seleccionado.codigoMovimiento)) {
        // Another gate moved it: say so. This tab's own save already said it with its success message.
        if (!guardadaAqui(seleccionado.codigoMovimiento))
          notificar.aviso(MENSAJES_ETAPAS.ordenFueraDeLista(seleccionado.codigoIngreso));
        alElegir(null);
      }
    });
  });

  // The ticket's QR holds the order code (docs/adr/0071-ticket-y-escaner.md): reading it searches and opens the order.
  const leerTicket = (codigo: string) => {
    setTexto(codigo);
    void buscar(codigo);
  };

  return (
    <Card
      size="small"
      title={p.titulo ?? 'Buscar orden'}
      extra={movil ? null : <EscanerQr alLeer={leerTicket} texto="Escanear ticket" tamanio="middle" />}
    >
      {movil ? (
        <div style={{ marginBottom: 8 }}>
          <EscanerQr alLeer={leerTicket} texto="Escanear ticket" bloque />
        </div>
      ) : null}
      <Space.Compact style={{ width: '100%', maxWidth: 460 }}>
        <Input
          aria-label="Código de orden o N° de documento"
          placeholder="Ej: OP1900006 o N° de documento"
          value={texto}
          maxLength={max}
          onChange={(e) => setTexto(e.target.value.toUpperCase())}
          onPressEnter={() => void buscar()}
        />
        <Button type="primary" loading={buscando} onClick={() => void buscar()}>
          Buscar
        </Button>
      </Space.Compact>
      {filas.length > 0 && movil ? (
        // On a tablet or phone each result is a card to tap, not a table to scroll.
        <div className="garita-tarjetas" data-testid="resultados-etapa">
          {filas.map((f) => (
            <button
              key={f.codigoMovimiento}
              type="button"
              aria-pressed={p.seleccionado?.codigoMovimiento === f.codigoMovimiento}
              className="garita-resultado"
              onClick={() => p.alElegir(f)}
            >
              <strong>{f.codigoIngreso}</strong> · Ticket {f.numeroTicket}
              <div>{f.empresaUsuario}</div>
              <div>
                {f.tipoOperacion} · {[f.placaUno ?? 'SIN PLACA', f.placaDos].filter(Boolean).join(' / ')}{' '}
                <Tag>{f.estado}</Tag>
              </div>
            </button>
          ))}
        </div>
      ) : filas.length > 0 ? (
        <Table<FilaEtapa>
          style={{ marginTop: 12 }}
          size="small"
          rowKey="codigoMovimiento"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={filas}
          data-testid="resultados-etapa"
          rowSelection={{
            type: 'radio',
            selectedRowKeys: p.seleccionado ? [p.seleccionado.codigoMovimiento] : [],
            onChange: (_k, s) => p.alElegir(s[0] ?? null),
          }}
          onRow={(f) => ({ onClick: () => p.alElegir(f) })}
          columns={[
            columnaNumero<FilaEtapa>(1, Math.max(filas.length, 1)),
            { title: 'Código', dataIndex: 'codigoIngreso' },
            { title: 'Ticket', dataIndex: 'numeroTicket' },
            { title: 'Empresa usuaria', dataIndex: 'empresaUsuario' },
            { title: 'Operación', dataIndex: 'tipoOperacion' },
            { title: 'Placa', render: (_v, f) => [f.placaUno ?? 'SIN PLACA', f.placaDos].filter(Boolean).join(' / ') },
            { title: 'Estado', dataIndex: 'estado', render: (v: string) => <Tag>{v}</Tag> },
          ]}
        />
      ) : null}
    </Card>
  );
}
