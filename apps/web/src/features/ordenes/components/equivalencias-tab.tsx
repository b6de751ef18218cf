import { DeleteOutlined } from '@ant-design/icons';
import { MENSAJES_CATALOGO, MENSAJES } from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Select, Table } from 'antd';
import { api, ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

interface Equivalencia {
  codigoEquivalenciaCatalogo: number;
  cantidadBase: number;
  codigoUnidadMedidaBase: string;
  cantidadEquivalente: number;
  codigoUnidadMedidaEquivalencia: string;
}
const REQ = [{ required: true, message: MENSAJES.requerido }];

/** 'Equivalencia' tab of the product dialog: unit equivalences; a duplicate is 'Esta equivalencia ya existe.' */
export function EquivalenciasTab(p: {
  codigoCatalogoUsuario: number;
  unidades: { value: string; label: string }[];
  soloLectura?: boolean;
}) {
  const [form] = Form.useForm();
  const lista = useQuery({
    queryKey: ['equivalencias', p.codigoCatalogoUsuario],
    queryFn: async () =>
      (
        await api.get<Equivalencia[]>('/CatalogoUsuario/ConsultaEquivalenciaPorCodigoCatalogo', {
          CodigoCatalogoUsuario: p.codigoCatalogoUsuario,
        })
      ).data,
  });
  const agregar = async () => {
    let v: Omit<Equivalencia, 'codigoEquivalenciaCatalogo'>;
    try {
      v = await form.validateFields();
    } catch {
      return notificar.error(MENSAJES_CATALOGO.rellenarObligatorios);
    }
    try {
      const r = await api.post(
        '/CatalogoUsuario/RegistrarEquivalencia',
        { data: { ...v, codigoCatalogoUsuario: p.codigoCatalogoUsuario } },
        { manejar: [409, 422] },
      );
      notificar.exito(r.message);
      form.resetFields();
      await lista.refetch();
    } catch (e) {
      if (!aplicarErroresCampo(form, e) && e instanceof ErrorApi) notificar.error(e.message);
    }
  };
  const eliminar = async (codigoEquivalenciaCatalogo: number) => {
    const r = await api.post('/CatalogoUsuario/EliminarEquivalenciaCatalogo', { data: { codigoEquivalenciaCatalogo } });
    notificar.exito(r.message || MENSAJES_CATALOGO.equivalenciaEliminada);
    await lista.refetch();
  };
  return (
    <>
      {!p.soloLectura ? (
        <Form form={form} layout="inline" name="equivalenciaOrden">
          <Form.Item name="cantidadBase" rules={REQ}>
            <InputNumber aria-label="Cantidad base" placeholder="Cantidad" min={0} max={999999} precision={3} />
          </Form.Item>
          <Form.Item name="codigoUnidadMedidaBase" rules={REQ}>
            <Select
              aria-label="Unidad base"
              placeholder="Unidad"
              options={p.unidades}
              showSearch
              optionFilterProp="label"
              style={{ width: 150 }}
            />
          </Form.Item>
          <Form.Item name="cantidadEquivalente" rules={REQ}>
            <InputNumber
              aria-label="Cantidad equivalente"
              placeholder="Equivale a"
              min={0}
              max={999999}
              precision={3}
            />
          </Form.Item>
          <Form.Item name="codigoUnidadMedidaEquivalencia" rules={REQ}>
            <Select
              aria-label="Unidad equivalente"
              placeholder="Unidad"
              options={p.unidades}
              showSearch
              optionFilterProp="label"
              style={{ width: 150 }}
            />
          </Form.Item>
          <Button onClick={agregar}>Agregar equivalencia</Button>
        </Form>
      ) : null}
      <Table<Equivalencia>
        size="small"
        style={{ marginTop: 12 }}
        rowKey="codigoEquivalenciaCatalogo"
        dataSource={lista.data ?? []}
        loading={lista.isFetching}
        pagination={false}
        columns={[
          { title: 'Base', render: (_v, f) => `${f.cantidadBase} ${f.codigoUnidadMedidaBase}` },
          { title: 'Equivalente', render: (_v, f) => `${f.cantidadEquivalente} ${f.codigoUnidadMedidaEquivalencia}` },
          {
            title: '',
            render: (_v, f) =>
              p.soloLectura ? null : (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="Eliminar equivalencia"
                  onClick={() => eliminar(f.codigoEquivalenciaCatalogo)}
                />
              ),
          },
        ]}
      />
    </>
  );
}
