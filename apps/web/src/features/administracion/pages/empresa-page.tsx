import { EMPRESA_OPERADOR, MENSAJES, MENSAJES_ADMINISTRACION, PARAMETRO } from '@cronos/contract';
import { Card, Col, DatePicker, Form, type FormInstance, Input, Row, Select, Switch, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { TarjetaFormulario } from '../../../shared/formulario/tarjeta-formulario';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { permisoDe } from '../api';
import { type TarjetaEmpresa, useGuardarTarjetaEmpresa, usePerfilEmpresa } from '../api/empresa';
import { EmpleoTarjeta } from '../components/empleo-tarjeta';
import { ProrrogasTab } from '../components/prorrogas-tab';
import { SelectorEmpresa } from '../components/selector-empresa';

const req = [{ required: true, message: MENSAJES.requerido }];
const fechaD = (v: unknown) => (v ? dayjs(String(v)) : null);
const fechaS = (v: unknown) => (v ? (v as dayjs.Dayjs).format('YYYY-MM-DD') : null);

/** Company profile (administration/company): Empresa tab (form, e-mails, additional data, employment) and Prorrogas. */
export default function EmpresaPage() {
  const { usuario, permisos } = useSesion();
  const permiso = permisoDe(permisos, 'administration/company');
  const elige = usuario?.codigoEmpresaUsuario === EMPRESA_OPERADOR && [1, 2, 4].includes(usuario.codigoRol);
  const [empresa, setEmpresa] = useState(usuario?.codigoEmpresaUsuario ?? EMPRESA_OPERADOR);
  const superAdmin = usuario?.codigoRol === 1;
  const editable = !!permiso?.permiteEditar;
  const [fEmpresa] = Form.useForm();
  const [fCorreos] = Form.useForm();
  const [fAdicional] = Form.useForm();
  const tiposEmpresa = useOpcionesParametro(PARAMETRO.tipoEmpresa);
  const tiposUsuario = useOpcionesParametro(PARAMETRO.tipoUsuario);
  const actividades = useOpcionesParametro(PARAMETRO.tipoActividad);
  const estados = useOpcionesParametro(PARAMETRO.estadoEmpresa);
  const datos = usePerfilEmpresa(empresa);
  const guardar = useGuardarTarjetaEmpresa();
  /** The company whose profile the forms show, and the cards saved since the profile was last read. */
  const mostrada = useRef<number | null>(null);
  const guardadas = useRef(new Set<FormInstance>());
  useEffect(() => {
    const d = datos.data;
    if (!d) return;
    const otraEmpresa = mostrada.current !== empresa;
    mostrada.current = empresa;
    // The profile is read again after each card's save: that card takes the server's values, but what the user is
    // typing in another card (a touched field) stays; another company replaces everything.
    const poner = (form: FormInstance, valores: Record<string, unknown>) => {
      if (otraEmpresa || guardadas.current.has(form)) {
        form.resetFields();
        form.setFieldsValue(valores);
      } else form.setFieldsValue(Object.fromEntries(Object.entries(valores).filter(([k]) => !form.isFieldTouched(k))));
    };
    poner(fEmpresa, {
      ...d,
      fechaContrato: fechaD(d.fechaContrato),
      fechaInicioOperacion: fechaD(d.fechaInicioOperacion),
    });
    poner(fCorreos, { correoElectronicoNotificacion: d.correoElectronicoNotificacion ?? '' });
    poner(fAdicional, d);
    guardadas.current.clear();
  }, [datos.data, empresa, fEmpresa, fCorreos, fAdicional]);

  const enviar = async (tarjeta: TarjetaEmpresa, data: Record<string, unknown>) => {
    try {
      // The version read with the profile: a save over someone else's newer one is refused (409). The profile
      // is read again before this resolves: the next card saves with the version this save produced.
      const form = { empresa: fEmpresa, correos: fCorreos, adicionales: fAdicional }[tarjeta as string];
      if (form) guardadas.current.add(form);
      const r = await guardar.mutateAsync({
        tarjeta,
        data: { ...data, codigoEmpresaUsuario: empresa, version: datos.data?.version },
      } as Parameters<typeof guardar.mutateAsync>[0]);
      notificar.exito(r.message);
    } catch (e) {
      for (const f of [fEmpresa, fCorreos, fAdicional]) if (f !== undefined) guardadas.current.delete(f);
      throw e;
    }
  };

  const tabEmpresa = (
    <>
      <TarjetaFormulario
        titulo="Datos de la empresa"
        form={fEmpresa}
        soloLectura={!editable}
        mensajeInvalido={MENSAJES_ADMINISTRACION.rellenarObligatorios}
        alGuardar={(v: Record<string, unknown>) =>
          enviar('empresa', {
            ...fEmpresa.getFieldsValue(true),
            ...v,
            fechaContrato: fechaS(v.fechaContrato),
            fechaInicioOperacion: fechaS(v.fechaInicioOperacion),
          })
        }
      >
        <Row gutter={12}>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="RUC" name="ruc" rules={req}>
              <Input maxLength={11} disabled={!superAdmin} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item label="Razón social" name="razonSocial" rules={req}>
              <Input disabled={!superAdmin} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item label="Nombre comercial" name="nombreComercial">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Dirección" name="direccion">
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="Tipo de empresa" name="codigoTipoEmpresa">
              <Select allowClear options={tiposEmpresa.opciones} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="Tipo de usuario" name="codigoTipoUsuario">
              <Select allowClear options={tiposUsuario.opciones} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="N° de contrato" name="numeroContrato">
              <Input maxLength={30} disabled={!superAdmin} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="Fecha de contrato" name="fechaContrato">
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="Inicio de operación" name="fechaInicioOperacion">
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="Representante legal" name="representanteLegal">
              <Input maxLength={150} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="Código de aduana" name="empresaCodigoAduana">
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              label="Correo electrónico"
              name="correoEletronico"
              rules={[{ type: 'email', message: 'Correo electrónico inválido' }]}
            >
              <Input maxLength={150} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              label="Teléfono"
              name="numeroTelefonico"
              rules={[{ pattern: /^\d{0,9}$/, message: 'Solo números, máximo 9 dígitos' }]}
            >
              <Input maxLength={9} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="Actividad" name="codigoTipoActividad">
              <Select allowClear options={actividades.opciones} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="Condición" name="codigoCondicion">
              <Select allowClear options={estados.opciones} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="Almacén activo" name="indicadorAlmacenActivo" valuePropName="checked">
              <Switch disabled={!superAdmin} />
            </Form.Item>
          </Col>
        </Row>
      </TarjetaFormulario>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <TarjetaFormulario
            titulo="Correos de notificación"
            form={fCorreos}
            soloLectura={!editable}
            alGuardar={(v: Record<string, unknown>) => enviar('correos', v)}
          >
            <Form.Item label="Correos (separados por punto y coma)" name="correoElectronicoNotificacion">
              <Input.TextArea autoSize placeholder="operaciones@empresa.pe; gerencia@empresa.pe" />
            </Form.Item>
          </TarjetaFormulario>
        </Col>
        <Col xs={24} md={12}>
          <TarjetaFormulario
            titulo="Información adicional"
            form={fAdicional}
            soloLectura={!editable}
            alGuardar={(v: Record<string, unknown>) => enviar('adicionales', v)}
          >
            <Row gutter={8}>
              {[
                ['areaTotal', 'Área total', 6],
                ['numeroLote', 'N° de lote', 6],
                ['areaConstruida', 'Área construida', 6],
                ['inversionComprometida', 'Inversión comprometida', 9],
                ['inversionNacional', 'Inversión nacional', 9],
                ['inversionExtranjera', 'Inversión extranjera', 9],
              ].map(([k, t, m]) => (
                <Col xs={12} sm={8} key={String(k)}>
                  <Form.Item label={t} name={String(k)} rules={[{ max: Number(m), message: `Máximo ${m} caracteres` }]}>
                    <Input maxLength={Number(m)} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </TarjetaFormulario>
        </Col>
      </Row>
      <EmpleoTarjeta codigoEmpresaUsuario={empresa} editable={editable} />
    </>
  );

  return (
    <Card
      title="Empresa"
      size="small"
      extra={elige ? <SelectorEmpresa valor={empresa} alCambiar={setEmpresa} /> : null}
    >
      <Tabs
        items={[
          { key: 'empresa', label: 'Empresa', children: tabEmpresa },
          {
            key: 'prorrogas',
            label: 'Prorrogas',
            children: <ProrrogasTab codigoEmpresaUsuario={empresa} conSelector={elige} />,
          },
        ]}
      />
    </Card>
  );
}
