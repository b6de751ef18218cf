import { DeleteOutlined } from '@ant-design/icons';
import { type FilaEquivalencia, MENSAJES_CATALOGO, MENSAJES } from '@cronos/contract';
import { Button, Form, InputNumber, Select, Table } from 'antd';
import { ErrorApi } from '../api/cliente';
import { notificar } from '../api/notificador';
import { aplicarErroresCampo } from '../formulario/errores-campo';
import { useEliminarEquivalencia, useEquivalencias, useRegistrarEquivalencia } from './api';

const REQ = [{ required: true, message: MENSAJES.requerido }];

/**
 * 'Equivalencia' tab of the product dialog (catalogue and order form): unit equivalences of the product; a
 * duplicate is 'Esta equivalencia ya existe.'.
 */
export function EquivalenciasTab(p: {
  codigoCatalogoUsuario: number;
  unidades: { value: string; label: string }[];
  soloLectura?: boolean;
}) {
  const [form] = Form.useForm();
  const lista = useEquivalencias(p.codigoCatalogoUsuario, true);
  const registrar = useRegistrarEquivalencia();
  const eliminar = useEliminarEquivalencia(p.codigoCatalogoUsuario);

  const agregar = async () => {
    let v: Omit<
      FilaEquivalencia,
      'codigoEquivalenciaCatalogo' | 'codigoCatalogoUsuario' | 'fechaRegistro' | 'usuarioRegistro'
    >;
    try {
      v = await form.validateFields();
    } catch {
      return notificar.error(MENSAJES_CATALOGO.rellenarObligatorios);
    }
    try {
      const r = await registrar.mutateAsync({ ...v, codigoCatalogoUsuario: p.codigoCatalogoUsuario });
      notificar.exito(r.message);
      form.resetFields();
    } catch (e) {
      if (!aplicarErroresCampo(form, e) && e instanceof ErrorApi) notificar.error(e.message);
    }
  };
  const quitar = async (codigoEquivalenciaCatalogo: number) => {
    const r = await eliminar.mutateAsync(codigoEquivalenciaCatalogo);
    notificar.exito(r.message || MENSAJES_CATALOGO.equivalenciaEliminada);
  };
  const unidad = (aria: string) => (
    <Select
      aria-label={aria}
      placeholder="Unidad"
      options={p.unidades}
      showSearch
      optionFilterProp="label"
      style={{ width: 150 }}
    />
  );
  return (
    <>
      {!p.soloLectura ? (
        <Form form={form} layout="inline" name="equivalencia">
          <Form.Item name="cantidadBase" rules={REQ}>
            <InputNumber aria-label="Cantidad base" placeholder="Cantidad" min={0} max={999999} precision={3} />
          </Form.Item>
          <Form.Item name="codigoUnidadMedidaBase" rules={REQ}>
            {unidad('Unidad base')}
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
            {unidad('Unidad equivalente')}
          </Form.Item>
          <Button onClick={agregar} loading={registrar.isPending}>
            Agregar equivalencia
          </Button>
        </Form>
      ) : null}
      <Table<FilaEquivalencia>
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
                  onClick={() => quitar(f.codigoEquivalenciaCatalogo)}
                />
              ),
          },
        ]}
      />
    </>
  );
}
