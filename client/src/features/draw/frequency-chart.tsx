import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { useEffect, useState } from 'react';
import { Bar } from 'react-chartjs-2';
import { useIntl } from 'react-intl';
import { pad } from './zone-board.tsx';

// Chart.js is tree-shaken: only the bar chart is registered (this chunk loads with the number master only).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return { gold: token('--color-gold'), info: token('--color-info'), muted: token('--color-text-muted'), grid: token('--color-border') };
}

/** A canvas cannot read CSS variables: the theme's colours, read again when the theme changes. */
function useThemeColors() {
  const [colors, setColors] = useState(themeColors);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(themeColors()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}

/** How often each number of a zone came up in the window, the hot ones in gold. */
export function FrequencyChart({ frequency, hot, label }: { frequency: readonly number[]; hot: ReadonlySet<number>; label: string }) {
  const intl = useIntl();
  const colors = useThemeColors();
  const data: ChartData<'bar', number[], string> = {
    labels: frequency.map((_, i) => pad(i + 1)),
    datasets: [
      {
        label: intl.formatMessage({ id: 'draw.master.timesDrawn' }),
        data: [...frequency],
        backgroundColor: frequency.map((_, i) => (hot.has(i + 1) ? colors.gold : colors.info)),
      },
    ],
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: {
      x: { ticks: { color: colors.muted, autoSkip: true, maxRotation: 0 }, grid: { display: false } },
      y: { beginAtZero: true, ticks: { color: colors.muted, precision: 0 }, grid: { color: colors.grid } },
    },
    plugins: { legend: { display: false } },
  };
  return (
    <div className="draw-chart" data-testid="frequency-chart">
      <Bar data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
