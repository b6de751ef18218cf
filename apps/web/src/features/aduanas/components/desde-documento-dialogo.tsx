import { Alert, Button, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { numero } from '../../../shared/ui/formato';
import { useDesdeDocumento, useDocumentosOrden } from '../api/aduanas';

/** A declaration from an order's DUA/DAM: the order's customs documents, each one registrable once. */
export function DesdeDocumentoDialogo(p: { abierto: boolean; alCerrar: () => void }) {
  const [texto, setTexto] = useState('');
  const [codigo, setCodigo] = useState<string | null>(null);
  const docs = useDocumentosOrden(codigo);
  const crear = useDesdeDocumento();
  const registrar = async (id: number) => {
    try {
      notificar.exito((await crear.mutateAsync(id)).message);
    } catch (e) {
      if (e instanceof ErrorApi) notificar.error(e.message);
    }
  };
  return (
    <Modal
      title="Registrar desde el documento de una orden"
      open={p.abierto}
      onCancel={p.alCerrar}
      footer={<Button onClick={p.alCerrar}>Cerrar</Button>}
      width={720}
      destroyOnHidden
    >
      <Input.Search
        placeholder="OP0000123"
        aria-label="Código de la orden"
        enterButton="Buscar"
        maxLength={12}
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        onSearch={(v) => setCodigo(v.trim().toUpperCase() || null)}
      />
      {docs.isError ? <Alert style={{ marginTop: 12 }} type="warning" title="No se encontró la orden" /> : null}
      {docs.data ? (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="codigoMovimientoDocumento"
          pagination={false}
          dataSource={docs.data}
          locale={{ emptyText: 'La orden no tiene documentos DUA/DAM ni declaraciones simplificadas' }}
          columns={[
            { title: 'Tipo', dataIndex: 'tipoDocumento' },
            { title: 'N° documento', dataIndex: 'numeroDocumento' },
            { title: 'Peso (kg)', dataIndex: 'peso', align: 'right', render: (v: number) => numero(v, 3) },
            {
              title: 'Declaración',
              key: 'accion',
              render: (_v, d) =>
                d.codigoDeclaracion ? (
                  <Tag color="green">Registrada</Tag>
                ) : (
                  <Button
                    size="small"
                    type="primary"
                    loading={crear.isPending}
                    onClick={() => registrar(d.codigoMovimientoDocumento)}
                  >
                    Registrar declaración
                  </Button>
                ),
            },
          ]}
        />
      ) : null}
    </Modal>
  );
}
