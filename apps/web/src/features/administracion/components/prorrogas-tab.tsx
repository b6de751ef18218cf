import { FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import {
  apiPerfilEmpresa,
  type FilaProrroga,
  MENSAJES,
  MENSAJES_ADMINISTRACION,
  USUARIOS_PRORROGA,
} from '@cronos/contract';
import { Button, DatePicker, Form, Input, Modal, Table, Tag, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { useListaPaginada } from '../../../shared/tabla/use-lista-paginada';
import { fecha } from '../../../shared/ui/formato';
import { clavesEmpresa, descargarProrroga, useRegistrarProrroga } from '../api/empresa';

/**
 * Prorrogas tab: extensions with their PDF; only user codes 1, 48 and 202 add them (spec 02 §6). `conSelector`: the
 * screen offers the company selector (an empty list then points to it).
 */
export function ProrrogasTab(p: { codigoEmpresaUsuario: number; conSelector: boolean }) {
  const { usuario } = useSesion();
  const lista = useListaPaginada<FilaProrroga>(apiPerfilEmpresa.listarProrrogas, {
    extra: { CodigoEmpresaUsuario: p.codigoEmpresaUsuario },
    prefijo: 'l',
    clave: clavesEmpresa.prorrogas(),
  });
  const registrar = useRegistrarProrroga();
  const [form] = Form.useForm();
  const [abierto, setAbierto] = useState(false);
  const [pdf, setPdf] = useState<File | null>(null);
  const puedeAgregar = USUARIOS_PRORROGA.includes(usuario?.codigoUsuario ?? 0);

  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (!pdf) {
      notificar.error('Debe adjuntar un archivo.');
      return;
    }
    const datos = new FormData();
    datos.append('FechaExpiracionHasta', (v.FechaExpiracionHasta as dayjs.Dayjs).format('YYYY-MM-DD'));
    datos.append('DocumentoAutorizacion', v.DocumentoAutorizacion);
    datos.append('CodigoEmpresaUsuario', String(p.codigoEmpresaUsuario));
    datos.append('archivo', pdf);
    try {
      const r = await registrar.mutateAsync(datos);
      notificar.exito(r.message);
      setAbierto(false);
    } catch (e) {
      aplicarErroresCampo(form, e);
    }
  };

  return (
    <>
      {puedeAgregar ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => {
            form.resetFields();
            setPdf(null);
            setAbierto(true);
          }}
        >
          Agregar prórroga
        </Button>
      ) : null}
      <Table<FilaProrroga>
        size="small"
        rowKey="codigoEmpresaListaBlanca"
        dataSource={lista.filas}
        loading={lista.isFetching}
        rowClassName={(f) => (/^0+$/.test(f.ruc) ? 'fila-anulada' : '')}
        // On a phone the columns scroll inside the card (the page itself scrolled sideways).
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: p.conSelector
            ? 'Esta empresa no tiene prórrogas registradas. Elija otra empresa en el selector para ver las suyas.'
            : 'Esta empresa no tiene prórrogas registradas.',
        }}
        pagination={{
          current: lista.pagina,
          total: lista.meta?.total ?? 0,
          pageSize: lista.meta?.per_page ?? 10,
          onChange: lista.irAPagina,
          showTotal: (t) => `Total ${t} registros`,
        }}
        columns={[
          columnaNumero<FilaProrroga>(lista.pagina, lista.meta?.per_page ?? 10),
          { title: 'RUC', dataIndex: 'ruc' },
          { title: 'Empresa', dataIndex: 'empresa' },
          { title: 'Fecha fin', dataIndex: 'fechaExpiracionHasta', render: (v: string) => fecha(`${v}T12:00:00Z`) },
          { title: 'Documento', dataIndex: 'documentoAutorizacion' },
          { title: 'Usuario', dataIndex: 'usuarioRegistro' },
          {
            title: 'Estado',
            dataIndex: 'estadoRegistro',
            render: (v: number) => (v ? <Tag color="green">Activo</Tag> : <Tag color="red">Inactivo</Tag>),
          },
          {
            title: 'PDF',
            render: (_v, f) => (
              <Button
                size="small"
                icon={<FilePdfOutlined />}
                aria-label={`Descargar ${f.documentoAutorizacion}`}
                onClick={() => void descargarProrroga(f).catch(() => undefined)}
              />
            ),
          },
        ]}
      />
      <Modal
        title="Registrar prórroga"
        open={abierto}
        onCancel={() => setAbierto(false)}
        onOk={guardar}
        okText="Guardar"
        cancelText="Cancelar"
        confirmLoading={registrar.isPending}
        forceRender
      >
        <Form form={form} layout="vertical" name="prorroga">
          <Form.Item
            label="Fecha de expiración"
            name="FechaExpiracionHasta"
            rules={[{ required: true, message: MENSAJES.requerido }]}
          >
            <DatePicker
              format="DD/MM/YYYY"
              disabledDate={(d) => d.isBefore(dayjs().subtract(1, 'day'), 'day')}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            label="Documento de autorización"
            name="DocumentoAutorizacion"
            rules={[
              { required: true, whitespace: true, message: MENSAJES.requerido },
              { max: 30, message: 'Máximo 30 caracteres' },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Upload
            accept=".pdf,application/pdf"
            maxCount={1}
            fileList={pdf ? [{ uid: '1', name: pdf.name, status: 'done' }] : []}
            onRemove={() => setPdf(null)}
            beforeUpload={(f) => {
              if (!f.name.toLowerCase().endsWith('.pdf')) notificar.error(MENSAJES_ADMINISTRACION.pdfTipo);
              else if (f.size > 1024 * 1024) notificar.error(MENSAJES_ADMINISTRACION.pdfTamanio);
              else setPdf(f);
              return false;
            }}
          >
            <Button>Seleccionar PDF (máximo 1Mb)</Button>
          </Upload>
        </Form>
      </Modal>
    </>
  );
}
