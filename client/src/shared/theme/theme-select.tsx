import { useAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { IconSelect } from '../ui/icon-select.tsx';
import { MonitorIcon, MoonIcon, SunIcon } from '../ui/icons.tsx';
import { COLOR_SCHEMES, colorSchemeAtom, type ColorScheme } from './theme-atom.ts';

const ICONS = { dark: MoonIcon, light: SunIcon, auto: MonitorIcon } satisfies Record<ColorScheme, unknown>;

/** Spec §2 theme: dark, light or auto (follows the system), stored as the colour-scheme setting. */
export function ThemeSelect({ compact = false }: { compact?: boolean }) {
  const [scheme, setScheme] = useAtom(colorSchemeAtom);
  const intl = useIntl();
  return (
    <IconSelect
      icon={ICONS[scheme]}
      label="theme.label"
      testId="theme-select"
      value={scheme}
      options={COLOR_SCHEMES.map((value) => ({ value, label: intl.formatMessage({ id: `theme.${value}` }) }))}
      onChange={(value) => setScheme(value as ColorScheme)}
      compact={compact}
    />
  );
}
