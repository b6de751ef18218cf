import type { ResumenTablero } from '@cronos/contract';
import { theme } from 'antd';
import { memo } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Today's entries and exits (bars) and net tonnes (line) by Lima hour; a click on an hour opens its entries. */
function GraficoHoras({
  horas,
  alElegirHora,
}: {
  horas: ResumenTablero['horas'];
  alElegirHora: (hora: number) => void;
}) {
  const { token } = theme.useToken();
  const datos = horas.map((h) => ({ ...h, etiqueta: `${String(h.hora).padStart(2, '0')}h` }));
  return (
    <div style={{ width: '100%', height: 260 }} data-testid="grafico-horas">
      <ResponsiveContainer>
        <ComposedChart
          data={datos}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          onClick={(e) => {
            const i = typeof e?.activeTooltipIndex === 'number' ? e.activeTooltipIndex : Number(e?.activeTooltipIndex);
            const h = datos[i];
            if (h) alElegirHora(h.hora);
          }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
          <XAxis dataKey="etiqueta" tick={{ fontSize: 11 }} interval={1} />
          <YAxis yAxisId="n" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis yAxisId="t" orientation="right" tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend />
          <Bar yAxisId="n" dataKey="entradas" name="Entradas" fill={token.colorPrimary} isAnimationActive={false} />
          <Bar yAxisId="n" dataKey="salidas" name="Salidas" fill={token.colorSuccess} isAnimationActive={false} />
          <Line
            yAxisId="t"
            dataKey="toneladasNetas"
            name="Toneladas netas"
            stroke={token.colorWarning}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

// Redrawn only when the hours change (a stage move elsewhere leaves the chart alone).
export default memo(GraficoHoras, (a, b) => JSON.stringify(a.horas) === JSON.stringify(b.horas));
