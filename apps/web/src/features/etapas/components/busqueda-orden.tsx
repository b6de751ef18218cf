import { MENSAJES_ETAPAS } from '@cronos/contract';
import { Button, Card, Input, Space, Table, Tag } from 'antd';
import { useRef, useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useEventosMovimiento } from '../../../shared/notificaciones/use-canal';
import { buscarEtapa, type FilaEtapa } from '../api';

interface Props {
  ruta: string;
  estado: number;
  /**
   * The movement state whose arrivals and departures refresh the results (issue 8): the screen's state, or
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
 * When an order reaches or leaves this screen's state (on any server instance), the last search runs again
 * quietly: a row appears or disappears without a manual search, and a chosen order that left is let go.
 */
export function BusquedaOrden(p: Props) {
  const [texto, setTexto] = useState('');
  const [filas, setFilas] = useState<FilaEtapa[]>([]);
  const [buscando, setBuscando] = useState(false);
  const ultima = useRef<string | null>(null);
  const vigente = useRef({ seleccionado: p.seleccionado, alElegir: p.alElegir });
  vigente.current = { seleccionado: p.seleccionado, alElegir: p.alElegir };
  const max = /^OP/i.test(texto) ? 9 : Math.max(9, p.maxDocumento);

  const buscar = async () => {
    if (!texto.trim()) {
      notificar.error(MENSAJES_ETAPAS.codigoODocumentoRequerido);
      return;
    }
    setBuscando(true);
    try {
      ultima.current = texto;
      const r = await buscarEtapa(p.ruta, texto, p.estado, p.extra);
      setFilas(r);
      p.alElegir(r.length === 1 ? (r[0] ?? null) : null);
    } finally {
      setBuscando(false);
    }
  };

  useEventosMovimiento(p.estadoVivo, () => {
    const t = ultima.current;
    if (!t) return;
    void buscarEtapa(p.ruta, t, p.estado, p.extra, true).then((r) => {
      if (ultima.current !== t) return;
      setFilas(r);
      const { seleccionado, alElegir } = vigente.current;
      if (seleccionado && !r.some((f) => f.codigoMovimiento === seleccionado.codigoMovimiento)) {
        notificar.aviso(MENSAJES_ETAPAS.ordenFueraDeLista(seleccionado.codigoIngreso));
        alElegir(null);
      }
    });
  });

  return (
    <Card size="small" title={p.titulo ?? 'Buscar orden'}>
      <Space.Compact style={{ width: '100%', maxWidth: 460 }}>
        <Input
          aria-label="Código de orden o N° de documento"
          placeholder="Ej: OP1900006 o N° de documento"
          value={texto}
          maxLength={max}
          onChange={(e) => setTexto(e.target.value.toUpperCase())}
          onPressEnter={buscar}
        />
        <Button type="primary" loading={buscando} onClick={buscar}>
          Buscar
        </Button>
      </Space.Compact>
      {filas.length > 0 ? (
        <Table<FilaEtapa>
          style={{ marginTop: 12 }}
          size="small"
          rowKey="codigoMovimiento"
          pagination={false}
          dataSource={filas}
          data-testid="resultados-etapa"
          rowSelection={{
            type: 'radio',
            selectedRowKeys: p.seleccionado ? [p.seleccionado.codigoMovimiento] : [],
            onChange: (_k, s) => p.alElegir(s[0] ?? null),
          }}
          onRow={(f) => ({ onClick: () => p.alElegir(f) })}
          columns={[
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
