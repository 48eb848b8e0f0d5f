import type { ChartData, ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useIntl } from 'react-intl';
import { registerLineChart } from './chart-setup.ts';
import { useChartColors } from './use-chart-colors.ts';

registerLineChart();

const DAY_MS = 24 * 60 * 60_000;
const TEN_MINUTES_MS = 10 * 60_000;

export interface OddsSeries {
  key: string;
  label: string;
  data: { x: number; y: number }[];
}

/**
 * One line per selection, odds against time. Prices hold until they change, so the lines are
 * stepped; the x axis is epoch ms on a linear scale, fitted to the data, with our own tick labels
 * (time of day; with seconds over a few minutes, with the date over more than a day).
 */
export function OddsChart({ series, label }: { series: OddsSeries[]; label: string }) {
  const intl = useIntl();
  const colors = useChartColors();
  const xs = series.flatMap((s) => s.data.map((p) => p.x));
  const first = xs.length ? Math.min(...xs) : 0;
  const last = xs.length ? Math.max(...xs) : 0;
  const span = last - first;
  const tick = (ms: number) =>
    span > DAY_MS
      ? intl.formatDate(ms, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' })
      : intl.formatTime(ms, { hour: '2-digit', minute: '2-digit', ...(span < TEN_MINUTES_MS ? { second: '2-digit' } : {}) });

  const data: ChartData<'line', { x: number; y: number }[]> = {
    datasets: series.map((s, i) => ({
      label: s.label,
      data: s.data,
      borderColor: colors.series(i),
      backgroundColor: colors.series(i),
      stepped: 'before',
      pointRadius: s.data.length > 30 ? 0 : 2.5,
      pointHoverRadius: 5,
      borderWidth: 2,
    })),
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false,
    interaction: { mode: 'nearest', axis: 'x', intersect: false },
    scales: {
      x: {
        type: 'linear',
        min: first,
        max: last > first ? last : first + 60_000,
        ticks: { color: colors.muted, maxRotation: 0, autoSkipPadding: 16, callback: (value) => tick(Number(value)) },
        grid: { color: colors.grid },
      },
      y: {
        type: 'linear',
        ticks: { color: colors.muted, callback: (value) => intl.formatNumber(Number(value), { minimumFractionDigits: 2, maximumFractionDigits: 2 }) },
        grid: { color: colors.grid },
      },
    },
    plugins: {
      legend: { labels: { color: colors.text, boxWidth: 12, boxHeight: 12 } },
      tooltip: {
        callbacks: {
          title: (items) => (items[0] ? intl.formatDate(items[0].parsed.x ?? 0, { dateStyle: 'medium', timeStyle: 'short' }) : ''),
          label: (item) => `${item.dataset.label ?? ''}: ${intl.formatNumber(item.parsed.y ?? 0, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
        },
      },
    },
  };
  return (
    <div className="odds-chart" data-testid="odds-chart">
      <Line data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
