import { Descriptions, Drawer, Table } from 'antd';
import type { DocumentoOrden, LineaProducto, Orden } from '../api';
import { columnaNumero } from '../../../shared/tabla/columna-numero';

const texto = (x: unknown) => (x === null || x === undefined || x === '' ? '—' : String(x));

/** 'Detalle' of the documents panel: the movement detail of ListarRegistro (spec 01 §3 Movement detail). */
export function DetalleDrawer(p: { abierto: boolean; orden: Orden; alCerrar: () => void }) {
  const o = p.orden;
  return (
    <Drawer title={`Detalle ${o.codigoIngreso}`} open={p.abierto} onClose={p.alCerrar} size="large">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="Tipo de operación">{texto(o.descripcionTipoOperacion)}</Descriptions.Item>
        <Descriptions.Item label="Tipo de ingreso">{texto(o.descripcionTipoIngreso)}</Descriptions.Item>
        <Descriptions.Item label="Mercancía">{texto(o.descripcionTipoMercaderia)}</Descriptions.Item>
        <Descriptions.Item label="N° de bultos">{texto(o.numeroBultos)}</Descriptions.Item>
        <Descriptions.Item label="Placa">{texto(o.placaUno)}</Descriptions.Item>
        <Descriptions.Item label="Placa remolque">{texto(o.placaDos)}</Descriptions.Item>
        <Descriptions.Item label="Conductor">
          {texto([o.nombres, o.apellidoPaterno, o.apellidoMaterno].filter(Boolean).join(' '))}
        </Descriptions.Item>
        <Descriptions.Item label="Documento">{texto(o.numeroDocumentoIdentidad)}</Descriptions.Item>
        <Descriptions.Item label="Licencia">{texto(o.numeroBrevete)}</Descriptions.Item>
        <Descriptions.Item label="Transportista">
          {texto([o.rucTransportistaUsuario, o.razonSocialTransportistaUsuario].filter(Boolean).join(' - '))}
        </Descriptions.Item>
        <Descriptions.Item label="Contenedor">{texto(o.numeroContenedor)}</Descriptions.Item>
        <Descriptions.Item label="Precintos">{texto(o.numeroPrecinto)}</Descriptions.Item>
      </Descriptions>
      <Table<DocumentoOrden>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="clave"
        pagination={false}
        dataSource={o.documentos}
        columns={[
          columnaNumero(1, o.documentos.length),
          { title: 'Documento', dataIndex: 'descripcionDocumento' },
          { title: 'Número', dataIndex: 'numeroDocumento' },
          { title: 'Proveedor', render: (_, d) => `${d.ruc} - ${d.razonSocial}` },
        ]}
        expandable={{
          defaultExpandAllRows: true,
          expandedRowRender: (d) => (
            <Table<LineaProducto>
              size="small"
              rowKey="clave"
              pagination={false}
              dataSource={d.productos}
              columns={[
                columnaNumero(1, d.productos.length),
                { title: 'Producto', dataIndex: 'descripcionCatalogoUsuario' },
                { title: 'Cantidad', dataIndex: 'cantidad', align: 'right' },
                { title: 'Peso (Kg)', dataIndex: 'peso', align: 'right' },
                { title: 'FOB unitario (USD)', dataIndex: 'valorFOB', align: 'right' },
              ]}
            />
          ),
        }}
      />
    </Drawer>
  );
}
