import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * Chart.js is tree-shaken: only what the dashboards draw is registered. The odds chart is a line
 * on two linear axes (time as epoch ms, formatted by us: no date adapter is installed); the
 * soccer chart is stacked bars on a category axis.
 */
export function registerLineChart() {
  Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend);
}

export function registerBarChart() {
  Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);
}
