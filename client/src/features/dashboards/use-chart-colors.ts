import { useEffect, useState } from 'react';

export interface ChartColors {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  /** Series colours: the theme's accents first, then evenly spaced hues for long lists (correct scores). */
  series: (index: number) => string;
}

const ACCENTS = ['--color-gold', '--color-info', '--color-success', '--color-danger'];

function read(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  const accents = ACCENTS.map(token).filter(Boolean);
  const light = document.documentElement.dataset.theme === 'light';
  return {
    text: token('--color-text'),
    muted: token('--color-text-muted'),
    grid: token('--color-border'),
    surface: token('--color-surface'),
    series: (i) => accents[i] ?? `hsl(${(i * 137.5) % 360} 65% ${light ? 40 : 65}%)`,
  };
}

/**
 * The chart colours of the current theme. A canvas cannot use CSS variables, so they are read
 * from the document, and read again whenever the theme switch changes `data-theme`.
 */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}
