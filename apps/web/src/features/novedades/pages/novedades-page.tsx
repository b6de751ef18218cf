import { Card, Tag, Timeline, Typography } from 'antd';
import { fecha } from '../../../shared/ui/formato';
import { NOTAS } from '../../../shared/ui/notas-novedades';

export default function NovedadesPage() {
  return (
    <Card title="Novedades">
      <Timeline
        items={NOTAS.map((n) => ({
          key: n.fecha,
          children: (
            <div>
              <Typography.Text strong>{fecha(`${n.fecha}T12:00:00Z`)}</Typography.Text> <Tag>v{n.version}</Tag>
              <Typography.Title level={5} style={{ margin: '4px 0' }}>
                {n.titulo}
              </Typography.Title>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {n.cambios.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          ),
        }))}
      />
    </Card>
  );
}
