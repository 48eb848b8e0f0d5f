import type { ChartData, ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useIntl } from 'react-intl';
import { useLocalName } from '../../shared/football/use-local-name.ts';
import { registerBarChart } from './chart-setup.ts';
import type { TournamentSummary } from './standings-summary.ts';
import { useChartColors } from './use-chart-colors.ts';

registerBarChart();

/** Per tournament, its matches split into won-by-a-team and drawn, stacked; goals per match in the tooltip. */
export function OutcomeChart({ summaries }: { summaries: TournamentSummary[] }) {
  const intl = useIntl();
  const colors = useChartColors();
  const name = useLocalName();
  const data: ChartData<'bar', number[], string> = {
    labels: summaries.map((s) => name(s.tournament, s.names)),
    datasets: [
      { label: intl.formatMessage({ id: 'dashboards.chart.decided' }), data: summaries.map((s) => s.decided), backgroundColor: colors.series(0) },
      { label: intl.formatMessage({ id: 'dashboards.chart.drawn' }), data: summaries.map((s) => s.drawn), backgroundColor: colors.series(1) },
    ],
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: {
      x: { stacked: true, ticks: { color: colors.muted }, grid: { display: false } },
      y: { stacked: true, beginAtZero: true, ticks: { color: colors.muted, precision: 0 }, grid: { color: colors.grid } },
    },
    plugins: {
      legend: { labels: { color: colors.text, boxWidth: 12, boxHeight: 12 } },
      tooltip: {
        callbacks: {
          footer: (items) => {
            const s = summaries[items[0]?.dataIndex ?? -1];
            return s?.goalsPerMatch == null
              ? ''
              : intl.formatMessage({ id: 'dashboards.chart.goalsPerMatch' }, { goals: intl.formatNumber(s.goalsPerMatch, { maximumFractionDigits: 2 }) });
          },
        },
      },
    },
  };
  return (
    <div className="outcome-chart" data-testid="outcome-chart">
      <Bar data={data} options={options} role="img" aria-label={intl.formatMessage({ id: 'dashboards.chart.title' })} />
    </div>
  );
}
