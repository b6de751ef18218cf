import { formatearPartida, MENSAJES_CATALOGO, PARAMETRO, productoCatalogo } from '@cronos/contract';
import { Button, Empty, Form, Input, InputNumber, Modal, Select, Space, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useEmpresas, useOpcionesParametro } from '../../../shared/api/parametros';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { reglaZod } from '../../../shared/formulario/regla-zod';
import type { ProductoCatalogo } from '../api';
import { consultarPartidas, useGuardarProducto, useProducto } from '../../../shared/catalogo/api';
import { EquivalenciasTab } from '../../../shared/catalogo/equivalencias-tab';
import { ProduccionTab } from '../../../shared/catalogo/produccion-tab';

const regla = (campo: string) => [reglaZod(productoCatalogo, campo)];
interface Partida {
  numeroPartida: string;
  codigoArancel: number;
  descripcion: string;
}

/**
 * New product from the movement form (spec 01 §2, §4, §5): tabs General, Equivalencia (edit mode only) and
 * Producción (the product's CIP versions and production reports). In edit mode description and internal code are locked and the initial stock
 * is hidden. Role 1 picks the catalogue company. The heading is looked up in the tariff (Arancel).
 */
export function ProductoDialogo(p: {
  abierto: boolean;
  /** null: create. */
  codigoCatalogoUsuario: number | null;
  codigoEmpresaUsuario?: number;
  codigoRol: number;
  alCerrar: (guardado?: ProductoCatalogo) => void;
}) {
  const [form] = Form.useForm();
  const unidades = useOpcionesParametro(PARAMETRO.unidadMedida);
  const existencias = useOpcionesParametro(PARAMETRO.codigoExistencia);
  const empresas = useEmpresas();
  const [partidas, setPartidas] = useState<Partida[]>([]);
  const guardarProducto = useGuardarProducto();
  const editar = p.codigoCatalogoUsuario !== null;
  const producto = useProducto(
    { CodigoEmpresaUsuario: p.codigoEmpresaUsuario, CodigoCatalogoUsuario: p.codigoCatalogoUsuario ?? 0 },
    p.abierto && editar,
  );

  useEffect(() => {
    if (!p.abierto) return;
    form.resetFields();
    form.setFieldsValue({ codigoEmpresaUsuario: p.codigoEmpresaUsuario, stock: 0 });
  }, [p.abierto, p.codigoEmpresaUsuario, form]);
  useEffect(() => {
    const x = producto.data;
    if (p.abierto && x) form.setFieldsValue({ ...x, numeroPartida: formatearPartida(x.numeroPartida) });
  }, [p.abierto, producto.data, form]);

  const buscarPartida = async () => {
    const n = String(form.getFieldValue('numeroPartida') ?? '').trim();
    if (!/^[\d.]{4,13}$/.test(n)) return notificar.error(MENSAJES_CATALOGO.partidaFormato);
    const encontradas = await consultarPartidas(n);
    setPartidas(encontradas);
    if (!encontradas.length) notificar.aviso(MENSAJES_CATALOGO.partidaNoExiste);
  };

  const guardar = async () => {
    try {
      await form.validateFields();
    } catch {
      return notificar.error(MENSAJES_CATALOGO.rellenarObligatorios);
    }
    try {
      const v = form.getFieldsValue(true);
      const r = await guardarProducto.mutateAsync({
        ...v,
        codigoCatalogoUsuario: p.codigoCatalogoUsuario ?? 0,
        codigoEmpresaUsuario: p.codigoRol === 1 ? v.codigoEmpresaUsuario : p.codigoEmpresaUsuario,
        stock: editar ? undefined : v.stock,
      });
      notificar.exito(r.message);
      p.alCerrar({
        codigoCatalogoUsuario: r.data?.codigoCatalogoUsuario ?? p.codigoCatalogoUsuario ?? 0,
        descripcion: r.data?.descripcion ?? v.descripcion,
        codigoUnidadMedida: r.data?.codigoUnidadMedida ?? v.codigoUnidadMedida,
        codigoInterno: r.data?.codigoInterno ?? null,
        stockDisponible: null,
      });
    } catch (e) {
      if (aplicarErroresCampo(form, e)) notificar.error(MENSAJES_CATALOGO.rellenarObligatorios);
      else if (e instanceof ErrorApi && e.status >= 400 && e.status < 500) notificar.error(e.message);
    }
  };

  const general = (
    <Form form={form} layout="vertical" name="productoOrden">
      {p.codigoRol === 1 && !editar ? (
        <Form.Item label="Empresa del catálogo" name="codigoEmpresaUsuario" rules={[{ required: true }]}>
          <Select
            aria-label="Empresa del catálogo"
            showSearch
            optionFilterProp="label"
            options={(empresas.data ?? []).map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label="Descripción" name="descripcion" rules={regla('descripcion')} required>
        <Input.TextArea maxLength={400} disabled={editar} autoSize aria-label="Descripción" />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item label="Código interno" name="codigoInterno" rules={regla('codigoInterno')}>
          <Input maxLength={9} disabled={editar} style={{ width: 150 }} aria-label="Código interno" />
        </Form.Item>
        <Form.Item label="Partida arancelaria" required>
          <Space.Compact>
            <Form.Item name="numeroPartida" noStyle rules={regla('numeroPartida')}>
              {partidas.length ? (
                <Select
                  aria-label="Partida arancelaria"
                  style={{ width: 320 }}
                  options={partidas.map((x) => ({
                    value: formatearPartida(x.numeroPartida),
                    label: `${formatearPartida(x.numeroPartida)} ${x.descripcion}`,
                  }))}
                />
              ) : (
                <Input
                  maxLength={13}
                  placeholder="8517.13.00.00"
                  style={{ width: 180 }}
                  aria-label="Partida arancelaria"
                />
              )}
            </Form.Item>
            {partidas.length ? (
              <Button onClick={() => setPartidas([])}>Cambiar</Button>
            ) : (
              <Button onClick={buscarPartida}>Buscar partida</Button>
            )}
          </Space.Compact>
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item label="Unidad de medida" name="codigoUnidadMedida" rules={regla('codigoUnidadMedida')} required>
          <Select
            options={unidades.opciones}
            style={{ width: 200 }}
            showSearch
            optionFilterProp="label"
            aria-label="Unidad de medida"
          />
        </Form.Item>
        <Form.Item label="Código de existencia" name="codigoExistencia" rules={regla('codigoExistencia')} required>
          <Select options={existencias.opciones} style={{ width: 220 }} aria-label="Código de existencia" />
        </Form.Item>
        {!editar ? (
          <Form.Item label="Stock inicial" name="stock" rules={regla('stock')} required>
            <InputNumber min={0} max={999999} precision={3} style={{ width: 160 }} aria-label="Stock inicial" />
          </Form.Item>
        ) : null}
      </Space>
    </Form>
  );

  return (
    <Modal
      title={editar ? 'Editar producto' : 'Nuevo producto'}
      open={p.abierto}
      onCancel={() => p.alCerrar()}
      onOk={guardar}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={guardarProducto.isPending}
      width={760}
      destroyOnHidden
    >
      <Spin spinning={producto.isFetching}>
        <Tabs
          items={[
            { key: 'g', label: 'General', children: general },
            {
              key: 'e',
              label: 'Equivalencia',
              disabled: !editar,
              children:
                editar && p.codigoCatalogoUsuario ? (
                  <EquivalenciasTab codigoCatalogoUsuario={p.codigoCatalogoUsuario} unidades={unidades.opciones} />
                ) : null,
            },
            {
              key: 'p',
              label: 'Producción',
              children:
                editar && p.codigoCatalogoUsuario ? (
                  <ProduccionTab codigoCatalogoUsuario={p.codigoCatalogoUsuario} />
                ) : (
                  <Empty description="Producción: sin información disponible hasta guardar el producto" />
                ),
            },
          ]}
        />
      </Spin>
    </Modal>
  );
}
