import {
  FORMATOS,
  MENSAJES_MOVIMIENTO as M,
  MENSAJES,
  PARAMETRO,
  VEHICULO_SIN_PLACA_UNO,
  VEHICULOS_PLACA_DOS,
  VEHICULOS_PRECINTO,
} from '@cronos/contract';
import { Button, Card, Col, Form, type FormInstance, Input, Row, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useConsultarDni, useConsultarExtranjero } from '../api/personas';
import { useConsultarTransportista } from '../api/transportistas';
import { CamionesDrawer } from './camiones-drawer';
import { RegistroEmpresaDialogo } from './registro-empresa-dialogo';
import { RegistroUsuarioDialogo } from './registro-usuario-dialogo';
import { TransportistaDialogo } from './transportista-dialogo';

const REQ = { required: true, message: MENSAJES.requerido };
const col = (n: number) => ({ xs: 24, md: n });
type Valores = Record<string, string | number | undefined>;

/**
 * 'Datos del Transportista' (vehicle) or 'Datos del peatón' (pedestrian): carrier lookup with its
 * 'true'/'false'/'100' answers, the driver's identity lookup, vehicle, plates, licence and guide (spec 01 §5).
 */
export function TarjetaTransportista(p: {
  form: FormInstance;
  vehicular: boolean;
  v: Valores;
  empresa?: number;
  eligeEmpresa: boolean;
  rol: number;
  extranjero: boolean;
  setExtranjero: (x: boolean) => void;
  extra: ReactNode;
}) {
  const { form, v, vehicular, extranjero } = p;
  const vehiculos = useOpcionesParametro(PARAMETRO.tipoVehiculo);
  const brevetes = useOpcionesParametro(PARAMETRO.claseBrevete);
  const identidad = useOpcionesParametro(PARAMETRO.tipoDocumentoIdentidad);
  const consultarDni = useConsultarDni();
  const consultarExtranjero = useConsultarExtranjero();
  const consultarTransportista = useConsultarTransportista();
  const [manual, setManual] = useState(false);
  const [persona, setPersona] = useState<{
    numeroDocumentoIdentidad: string;
    codigoTipoDocumentoIdentidad: string;
  } | null>(null);
  const [vigencia, setVigencia] = useState<{
    razonSocial?: string;
    direccion?: string;
    /** The RUC is not a carrier of the company: the dialog registers it, and says so. */
    noRegistrado?: boolean;
  } | null>(null);
  const [empresaExtranjera, setEmpresaExtranjera] = useState(false);
  const [camiones, setCamiones] = useState(false);
  const tipoDoc = String(v.codigoTipoDocumentoIdentidad ?? '1');
  const vehiculo = v.codigoTipoVehiculo as string | undefined;
  const tipoEmpresa = String(v.codigoTipoDocumentoEmpresa ?? '6');
  const formatoPlaca = {
    pattern: extranjero ? FORMATOS.placaExtranjera : FORMATOS.placa,
    message: extranjero ? M.placaExtranjera : M.placa,
  };
  const llenarPersona = (d: {
    codigoPersona: number;
    nombres: string;
    apellidoPaterno: string;
    apellidoMaterno: string;
  }) =>
    form.setFieldsValue({
      codigoPersona: d.codigoPersona,
      nombres: d.nombres,
      apellidoPaterno: d.apellidoPaterno,
      apellidoMaterno: d.apellidoMaterno,
    });

  const buscarPersona = async () => {
    const numero = String(form.getFieldValue('numeroDocumentoIdentidad') ?? '').trim();
    if (tipoDoc === '1') {
      if (numero.length !== 8) return notificar.error(M.dniOcho);
      try {
        const r = await consultarDni.mutateAsync(numero);
        if (r.success === false || !r.data) {
          setManual(true);
          return notificar.error(r.message || M.errorBusquedaPersona, M.registroManual);
        }
        llenarPersona(r.data);
      } catch (e) {
        setManual(true);
        if (!aplicarErroresCampo(form, e)) notificar.error(M.errorBusquedaPersona, M.registroManual);
      }
      return;
    }
    if (!numero) return notificar.error(MENSAJES.requerido);
    const r = await consultarExtranjero
      .mutateAsync({ numeroDocumentoIdentidad: numero, codigoTipoDocumentoIdentidad: tipoDoc })
      .catch(() => null);
    if (!r || r.success === false || !r.data) {
      notificar.aviso(r?.message || M.usuarioNoRegistrado);
      return setPersona({ numeroDocumentoIdentidad: numero.toUpperCase(), codigoTipoDocumentoIdentidad: tipoDoc });
    }
    llenarPersona(r.data);
  };

  const buscarTransportista = async (rucDado?: string, tipoDado?: string) => {
    const ruc = String(rucDado ?? form.getFieldValue('rucTransportistaUsuario') ?? '').trim();
    const tipoEmpresa = tipoDado ?? String(form.getFieldValue('codigoTipoDocumentoEmpresa') ?? '6');
    if (tipoEmpresa === '6' && ruc.length !== 11) return notificar.error(M.rucOnce);
    try {
      const r = await consultarTransportista.mutateAsync({
        Ruc: ruc,
        CodigoEmpresaUsuario: p.empresa,
        CodigoTipoDocumentoEmpresa: tipoEmpresa,
        CodigoTipoOperacion: v.codigoTipoOperacion as number | undefined,
      });
      // Not registered for the company: a foreign carrier is registered first ('Registro Empresa').
      if (r.success === '100') {
        if (tipoEmpresa !== '6') return setEmpresaExtranjera(true);
        notificar.aviso(M.transportistaNoRegistrado, M.transportistaNoRegistradoQueHacer);
        return setVigencia({ noRegistrado: true });
      }
      form.setFieldsValue({
        razonSocialTransportistaUsuario: r.data?.nombreTransportista,
        codigoTransportistaUsuario: r.data?.codigoTransportistaUsuario,
      });
      p.setExtranjero(Boolean(r.data?.extranjero));
      if (r.success === 'true') notificar.exito(M.conContrato);
      else {
        notificar.aviso(M.sinContrato);
        setVigencia({ razonSocial: r.data?.nombreTransportista });
      }
    } catch (e) {
      if (e instanceof ErrorApi && e.status === 422) {
        form.setFields([{ name: 'rucTransportistaUsuario', errors: [e.message] }]);
        notificar.error(M.rucInvalido);
      }
    }
  };

  return (
    <Card
      title={vehicular ? 'Datos del Transportista' : 'Datos del peatón'}
      size="small"
      style={{ marginBottom: 16 }}
      extra={p.extra}
    >
      {vehicular ? (
        <Row gutter={12}>
          <Col {...col(4)}>
            <Form.Item name="codigoTipoDocumentoEmpresa" label="Documento transportista" initialValue="6">
              <Select
                options={[
                  { value: '6', label: 'RUC' },
                  { value: '0', label: 'Extranjero' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col {...col(6)}>
            <Form.Item label="RUC transportista" required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="rucTransportistaUsuario" noStyle rules={[REQ]}>
                  <Input maxLength={13} aria-label="RUC transportista" />
                </Form.Item>
                <Button onClick={() => buscarTransportista()}>Buscar</Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col {...col(8)}>
            <Form.Item name="razonSocialTransportistaUsuario" label="Razón social transportista">
              <Input disabled />
            </Form.Item>
          </Col>
          <Col {...col(6)}>
            <Form.Item label=" ">
              <Space>
                <Button type="link" onClick={() => setCamiones(true)}>
                  Lista de transportistas
                </Button>
                {p.rol === 1 && v.codigoTransportistaUsuario ? (
                  <Button
                    type="link"
                    onClick={() => setVigencia({ razonSocial: String(v.razonSocialTransportistaUsuario ?? '') })}
                  >
                    Actualizar
                  </Button>
                ) : null}
              </Space>
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Row gutter={12}>
        <Col {...col(4)}>
          <Form.Item name="codigoTipoDocumentoIdentidad" label="Tipo de documento" rules={[REQ]}>
            <Select
              aria-label="Tipo de documento de identidad"
              options={identidad.opciones.map((o) => ({ ...o, disabled: o.value === '3' }))}
              onChange={() => {
                setManual(false);
                form.setFieldsValue({
                  numeroDocumentoIdentidad: '',
                  nombres: '',
                  apellidoPaterno: '',
                  apellidoMaterno: '',
                  codigoPersona: null,
                });
              }}
            />
          </Form.Item>
        </Col>
        <Col {...col(5)}>
          <Form.Item label="N° de documento" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="numeroDocumentoIdentidad"
                noStyle
                rules={[
                  REQ,
                  tipoDoc === '1'
                    ? { pattern: /^\d{8}$/, message: M.dniOcho }
                    : { max: 12, message: 'Máximo 12 caracteres' },
                ]}
              >
                <Input maxLength={tipoDoc === '1' ? 8 : 12} aria-label="N° de documento de identidad" />
              </Form.Item>
              <Button onClick={buscarPersona}>Buscar</Button>
            </Space.Compact>
          </Form.Item>
        </Col>
        {(['nombres', 'apellidoPaterno', 'apellidoMaterno'] as const).map((c) => (
          <Col {...col(5)} key={c}>
            <Form.Item
              name={c}
              label={
                { nombres: 'Nombres', apellidoPaterno: 'Apellido paterno', apellidoMaterno: 'Apellido materno' }[c]
              }
              rules={[
                ...(c === 'apellidoMaterno' ? [] : [REQ]),
                { pattern: /^[A-ZÁÉÍÓÚÑÜ' ]*$/, message: 'Solo letras mayúsculas' },
              ]}
              normalize={(x: string) => x?.toUpperCase()}
            >
              <Input maxLength={c === 'nombres' ? 30 : 20} disabled={tipoDoc === '1' && !manual} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {vehicular ? (
        <Row gutter={12}>
          <Col {...col(4)}>
            <Form.Item name="codigoTipoVehiculo" label="Tipo de vehículo" rules={[REQ]}>
              <Select options={vehiculos.opciones} aria-label="Tipo de vehículo" />
            </Form.Item>
          </Col>
          {vehiculo !== VEHICULO_SIN_PLACA_UNO ? (
            <Col {...col(3)}>
              <Form.Item
                name="placaUno"
                label="Placa"
                rules={[REQ, formatoPlaca]}
                normalize={(x: string) => x?.toUpperCase()}
              >
                <Input maxLength={8} aria-label="Placa" />
              </Form.Item>
            </Col>
          ) : null}
          {VEHICULOS_PLACA_DOS.includes(vehiculo as '9') ? (
            <Col {...col(3)}>
              <Form.Item
                name="placaDos"
                label="Placa remolque"
                rules={[REQ, formatoPlaca]}
                normalize={(x: string) => x?.toUpperCase()}
              >
                <Input maxLength={8} aria-label="Placa remolque" />
              </Form.Item>
            </Col>
          ) : null}
          <Col {...col(3)}>
            <Form.Item name="numeroSoat" label="N° SOAT" rules={[{ max: 10, message: 'Máximo 10 caracteres' }]}>
              <Input maxLength={10} aria-label="N° SOAT" />
            </Form.Item>
          </Col>
          <Col {...col(3)}>
            <Form.Item name="codigoClaseBrevete" label="Clase de licencia" rules={[REQ]}>
              <Select options={brevetes.opciones} aria-label="Clase de licencia" />
            </Form.Item>
          </Col>
          <Col {...col(4)}>
            <Form.Item
              name="numeroBrevete"
              label="N° de licencia"
              normalize={(x: string) => x?.toUpperCase()}
              rules={[
                REQ,
                extranjero || v.codigoClaseBrevete === 'EXT'
                  ? { pattern: FORMATOS.breveteExtranjero, message: M.breveteExtranjero }
                  : { pattern: FORMATOS.brevete, message: M.brevete },
              ]}
            >
              <Input maxLength={10} aria-label="N° de licencia" />
            </Form.Item>
          </Col>
          <Col {...col(4)}>
            <Form.Item
              name="guiaTransportista"
              label="Guía de transportista"
              rules={[REQ, { pattern: FORMATOS.guia, message: M.guia }]}
              normalize={(x: string) => x?.toUpperCase()}
            >
              <Input maxLength={11} aria-label="Guía de transportista" />
            </Form.Item>
          </Col>
          {VEHICULOS_PRECINTO.includes(vehiculo as '14') ? (
            <Col {...col(6)}>
              <Form.Item name="numeroPrecinto" label="Precintos del vehículo" rules={[{ max: 100 }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      ) : null}
      <RegistroUsuarioDialogo
        abierto={persona !== null}
        documento={persona}
        alCerrar={() => setPersona(null)}
        alRegistrar={(d) => {
          llenarPersona(d);
          setPersona(null);
        }}
      />
      <RegistroEmpresaDialogo
        abierto={empresaExtranjera}
        numero={String(v.rucTransportistaUsuario ?? '').toUpperCase()}
        codigoEmpresaUsuario={p.empresa}
        alCerrar={() => setEmpresaExtranjera(false)}
        alRegistrar={(t) => {
          setEmpresaExtranjera(false);
          // A newly registered foreign carrier has no contract yet: its validity comes next (spec 01 §4).
          setVigencia({ razonSocial: t.razonSocial, direccion: t.direccion ?? undefined });
        }}
      />
      <TransportistaDialogo
        abierto={vigencia !== null}
        ruc={String(v.rucTransportistaUsuario ?? '')}
        tipoDocumento={tipoEmpresa}
        razonSocial={vigencia?.razonSocial}
        direccion={vigencia?.direccion}
        noRegistrado={vigencia?.noRegistrado}
        codigoEmpresaUsuario={p.eligeEmpresa ? p.empresa : undefined}
        codigoRol={p.rol}
        alCerrar={() => setVigencia(null)}
        alRegistrar={(t) => {
          form.setFieldsValue({
            razonSocialTransportistaUsuario: t.nombreTransportista,
            codigoTransportistaUsuario: t.codigoTransportistaUsuario,
            rucTransportistaUsuario: t.ruc,
          });
          p.setExtranjero(t.extranjero);
          setVigencia(null);
        }}
      />
      <CamionesDrawer
        abierto={camiones}
        codigoEmpresaUsuario={p.empresa}
        alCerrar={() => setCamiones(false)}
        alElegir={(f) => {
          setCamiones(false);
          form.setFieldsValue({ rucTransportistaUsuario: f.ruc, codigoTipoDocumentoEmpresa: f.extranjero ? '0' : '6' });
          void buscarTransportista(f.ruc, f.extranjero ? '0' : '6');
        }}
      />
    </Card>
  );
}
