import { type FilaCatalogo, MENSAJES_CATALOGO, PARAMETRO, productoCatalogo } from '@cronos/contract';
import { Form, Input, InputNumber, Modal, Select, Space, Tabs } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { reglaZod } from '../../../shared/formulario/regla-zod';
import { useGuardarProducto } from '../../../shared/catalogo/api';
import { EquivalenciasTab } from '../../../shared/catalogo/equivalencias-tab';
import { ProduccionTab } from '../../../shared/catalogo/produccion-tab';

const regla = (campo: string) => [reglaZod(productoCatalogo, campo)];

/** Agregar / editar producto: in edit mode description and internal code are locked, stock hidden, Equivalencia enabled. */
export function ProductoDialogo(p: {
  abierto: boolean;
  producto: FilaCatalogo | null;
  codigoEmpresaUsuario: number;
  alCerrar: (cambio: boolean) => void;
}) {
  const [form] = Form.useForm();
  const unidades = useOpcionesParametro(PARAMETRO.unidadMedida);
  const existencias = useOpcionesParametro(PARAMETRO.codigoExistencia);
  const editar = !!p.producto;
  const codigo = p.producto?.codigoCatalogoUsuario;
  const guardarProducto = useGuardarProducto();

  useEffect(() => {
    if (!p.abierto) return;
    form.resetFields();
    if (p.producto) form.setFieldsValue(p.producto);
  }, [p.abierto, p.producto, form]);

  const guardar = async () => {
    try {
      await form.validateFields();
    } catch {
      notificar.error(MENSAJES_CATALOGO.rellenarObligatorios);
      return;
    }
    try {
      const v = form.getFieldsValue(true);
      const r = await guardarProducto.mutateAsync({
        ...v,
        codigoCatalogoUsuario: codigo ?? 0,
        codigoEmpresaUsuario: p.producto?.codigoEmpresaUsuario ?? p.codigoEmpresaUsuario,
      } as z.input<typeof productoCatalogo>);
      notificar.exito(r.message);
      p.alCerrar(true);
    } catch (e) {
      aplicarErroresCampo(form, e);
    }
  };

  const general = (
    <Form form={form} layout="vertical" name="producto" initialValues={{ stock: 0 }}>
      <Form.Item label="Descripción" name="descripcion" rules={regla('descripcion')} required>
        <Input.TextArea maxLength={400} disabled={editar} autoSize />
      </Form.Item>
      <Space wrap>
        <Form.Item label="Código interno" name="codigoInterno" rules={regla('codigoInterno')}>
          <Input maxLength={9} disabled={editar} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Partida arancelaria" name="numeroPartida" rules={regla('numeroPartida')} required>
          <Input maxLength={13} placeholder="8517.13.00.00" style={{ width: 180 }} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item label="Unidad de medida" name="codigoUnidadMedida" rules={regla('codigoUnidadMedida')} required>
          <Select options={unidades.opciones} style={{ width: 200 }} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item label="Código de existencia" name="codigoExistencia" rules={regla('codigoExistencia')} required>
          <Select options={existencias.opciones} style={{ width: 220 }} />
        </Form.Item>
        {!editar ? (
          <Form.Item label="Stock inicial" name="stock" rules={regla('stock')}>
            <InputNumber min={0} max={999999} precision={3} style={{ width: 160 }} />
          </Form.Item>
        ) : null}
      </Space>
    </Form>
  );

  return (
    <Modal
      title={editar ? 'Editar Producto' : 'Nuevo Producto'}
      open={p.abierto}
      onCancel={() => p.alCerrar(false)}
      onOk={guardar}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={guardarProducto.isPending}
      width={720}
      destroyOnHidden
    >
      <Tabs
        items={[
          { key: 'g', label: 'General', children: general },
          {
            key: 'e',
            label: 'Equivalencia',
            disabled: !editar,
            children: codigo ? <EquivalenciasTab codigoCatalogoUsuario={codigo} unidades={unidades.opciones} /> : null,
          },
          {
            key: 'p',
            label: 'Producción',
            disabled: !editar,
            children: codigo ? <ProduccionTab codigoCatalogoUsuario={codigo} /> : null,
          },
        ]}
      />
    </Modal>
  );
}
