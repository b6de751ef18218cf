import { Alert, App, List, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useConsultasExternas, useGuardarConsultaExterna } from '../api/ajustes';
import { estadoConsulta } from './estado-consulta';

export function SeccionConsultas() {
  const consultas = useConsultasExternas(true);
  const guardar = useGuardarConsultaExterna();
  const { message } = App.useApp();
  if (consultas.isLoading) return <Skeleton active />;
  const servidor = consultas.data?.[0]?.permitidoServidor ?? false;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {servidor ? null : (
        <Alert
          type="warning"
          showIcon
          message="El servidor tiene las consultas externas apagadas (CONSULTAS_EXTERNAS): ninguna consulta sale aunque la active aquí."
        />
      )}
      <List
        size="small"
        bordered
        dataSource={consultas.data ?? []}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Switch
                key="s"
                aria-label={`Consulta ${c.nombre}`}
                checked={c.activo}
                checkedChildren="Activada"
                unCheckedChildren="Desactivada"
                loading={guardar.isPending && guardar.variables?.codigo === c.codigo}
                onChange={async (activo) =>
                  message.success((await guardar.mutateAsync({ codigo: c.codigo, activo })).message)
                }
              />,
            ]}
          >
            <Space wrap>
              <Typography.Text>{c.nombre}</Typography.Text>
              <Tag color={estadoConsulta(c).color}>{estadoConsulta(c).texto}</Tag>
              {c.urlConfigurada ? <Tag color="blue">Proveedor externo</Tag> : <Tag>Proveedor local</Tag>}
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}
