import type { ColorScheme, ResolvedTheme } from './theme-atom.ts';

const THEME_COLORS: Record<ResolvedTheme, string> = { dark: '#0f1420', light: '#f6f7fb' };
const systemQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function resolveTheme(scheme: ColorScheme): ResolvedTheme {
  if (scheme !== 'auto') return scheme;
  return systemQuery().matches ? 'dark' : 'light';
}

/** Sets `data-theme` (the CSS custom properties key off it) and the browser chrome colour. */
export function applyTheme(scheme: ColorScheme): void {
  const theme = resolveTheme(scheme);
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.colorScheme = scheme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

/** In auto mode, follows the system setting live; returns the unsubscribe. */
export function watchSystemTheme(onChange: () => void): () => void {
  const query = systemQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
