import { AlertOutlined, BookOutlined, ToolOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { SeccionBalanzas } from '../components/ajuste-balanzas';
import { SeccionConsultas } from '../components/ajuste-consultas';
import { SeccionListasControl } from '../components/ajuste-listas-control';
import { SeccionPlazos } from '../components/ajuste-plazos';
import { ModalUmbrales } from '../components/tablero-vivo';

interface Ajuste {
  clave: string;
  titulo: string;
  descripcion: string;
  icono: ReactNode;
  accion: ReactNode;
}

/**
 * all-settings: one place for the settings this user may change, by the permission tree (the server enforces the
 * same rules on every route): links to the screens that edit parameters and tariff headings, the dwell alarms,
 * and in place the scales, control checklists, tolerances and windows, and external-consultation switches.
 * Every change is audited by its route.
 */
export default function AjustesPage() {
  const { permisos } = useSesion();
  const [umbrales, setUmbrales] = useState(false);
  const pantallas = permisos.flatMap((g) => g.detalle);
  const puede = (url: string, editar = false) =>
    pantallas.some((p) => p.urlLink === url && p.permiteListar && (!editar || p.permiteEditar));
  const parametros = puede('/app/administration/parametters', true);
  const deuda = puede('/app/finances/Payments', true);
  const aduanas = puede('/app/operations/DeclarationsControl', true);
  const ajustes: Ajuste[] = [
    ...(puede('/app/administration/parametters')
      ? [
          {
            clave: 'parametros',
            titulo: 'Parámetros y secciones',
            descripcion: 'Listas de valores del sistema: tipos de documento, vehículos, cargas, vías, países…',
            icono: <ToolOutlined />,
            accion: <Link to="/app/administration/parametters">Abrir Parámetros Generales</Link>,
          },
        ]
      : []),
    ...(puede('/app/settings/catalogs')
      ? [
          {
            clave: 'partidas',
            titulo: 'Partidas arancelarias',
            descripcion: 'Subpartidas nacionales y si su actividad está permitida en la zona.',
            icono: <BookOutlined />,
            accion: <Link to="/app/settings/catalogs">Abrir Partidas Arancelarias</Link>,
          },
        ]
      : []),
    ...(parametros
      ? [
          {
            clave: 'alarmas',
            titulo: 'Alarmas de permanencia por etapa',
            descripcion: 'Minutos que una orden puede esperar en cada etapa antes de marcarse en rojo en el tablero.',
            icono: <AlertOutlined />,
            accion: (
              <Button type="link" style={{ padding: 0 }} onClick={() => setUmbrales(true)}>
                Configurar alarmas
              </Button>
            ),
          },
        ]
      : []),
  ];
  const nada = ajustes.length === 0 && !parametros && !deuda && !aduanas;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title="Configuración general">
        {nada ? (
          <Empty description="No tiene ajustes que pueda modificar" />
        ) : (
          <Row gutter={[16, 16]}>
            {ajustes.map((a) => (
              <Col key={a.clave} xs={24} md={12} xl={8}>
                <Card size="small" data-testid={`ajuste-${a.clave}`}>
                  <Space align="start">
                    <span style={{ fontSize: 20 }}>{a.icono}</span>
                    <div>
                      <Typography.Text strong>{a.titulo}</Typography.Text>
                      <div>
                        <Typography.Text type="secondary">{a.descripcion}</Typography.Text>
                      </div>
                      <div style={{ marginTop: 8 }}>{a.accion}</div>
                    </div>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      {parametros ? (
        <Card title="Balanzas" data-testid="ajuste-balanzas">
          <SeccionBalanzas />
        </Card>
      ) : null}
      {parametros ? (
        <Card title="Listas de control por tipo de control" data-testid="ajuste-listas">
          <SeccionListasControl />
        </Card>
      ) : null}
      {parametros || deuda || aduanas ? (
        <Card
          title="Tolerancias y plazos"
          data-testid="ajuste-plazos"
          extra={
            parametros ? (
              <Button icon={<AlertOutlined />} onClick={() => setUmbrales(true)}>
                Alarmas de permanencia
              </Button>
            ) : null
          }
        >
          <SeccionPlazos conteo={parametros} deuda={deuda} aduanas={aduanas} />
        </Card>
      ) : null}
      {parametros ? (
        <Card title="Consultas externas" data-testid="ajuste-consultas">
          <SeccionConsultas />
        </Card>
      ) : null}
      <ModalUmbrales abierto={umbrales} alCerrar={() => setUmbrales(false)} />
    </Space>
  );
}
