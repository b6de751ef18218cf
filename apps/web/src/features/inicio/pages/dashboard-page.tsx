import { ArrowRightOutlined } from '@ant-design/icons';
import { Card, Col, Row, Space, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { IconoMenu } from '../../../shared/ui/iconos';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { fecha } from '../../../shared/ui/formato';
import { NOTAS } from '../../../shared/ui/notas-novedades';
import { TextoFuerte, TextoSecundario, Titulo3 } from '../../../shared/ui/texto-plano';

// The board (tables, drawers, the chart) is a chunk of its own: the shell stays within its budget.
const TableroVivo = lazy(() => import('../components/tablero-vivo'));

/**
 * The landing screen: who is signed in, the live board of the zone (a company user sees only its orders), the
 * screens this user may open, and the latest release notes.
 */
export default function DashboardPage() {
  const { usuario, permisos } = useSesion();
  if (!usuario) return null;
  const hora = new Date().getHours();
  const saludo = hora < 12 ? 'Buenos días' : hora < 19 ? 'Buenas tardes' : 'Buenas noches';
  const accesos = permisos.flatMap((g) => g.detalle.map((d) => ({ ...d, grupo: g.link })));
  const puedeConfigurar = accesos.some((a) => a.urlLink === '/app/administration/parametters' && a.permiteEditar);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Titulo3>
          {saludo}, {usuario.nombreCompleto}
        </Titulo3>
        <TextoSecundario>
          {usuario.razonSocial} · <Tag color="blue">{usuario.nombreRol}</Tag>
        </TextoSecundario>
      </Card>
      <Suspense fallback={<Card loading title="Tablero de la zona" />}>
        <TableroVivo puedeConfigurar={puedeConfigurar} />
      </Suspense>
      <Card title="Accesos directos" size="small">
        <Row gutter={[12, 12]}>
          {accesos.map((a) => (
            <Col key={a.codigoPermiso} xs={24} sm={12} md={8} xl={6}>
              <Link to={a.urlLink}>
                <Card hoverable size="small">
                  <Space>
                    <IconoMenu nombre={a.iconoLink} />
                    <span>
                      <div>{a.link}</div>
                      <TextoSecundario style={{ fontSize: 12 }}>{a.grupo}</TextoSecundario>
                    </span>
                  </Space>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
      <Card
        title="Novedades"
        size="small"
        extra={
          <Link to="/app/novedades">
            Ver todas <ArrowRightOutlined />
          </Link>
        }
      >
        {NOTAS.slice(0, 2).map((n) => (
          <div key={n.fecha} style={{ marginBottom: 8 }}>
            <TextoFuerte>{fecha(`${n.fecha}T12:00:00Z`)}</TextoFuerte> — {n.titulo}
          </div>
        ))}
      </Card>
    </Space>
  );
}
