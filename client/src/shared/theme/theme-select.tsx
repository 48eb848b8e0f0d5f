import { useAtom } from 'jotai';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MonitorIcon, MoonIcon, SunIcon } from '../ui/icons.tsx';
import { COLOR_SCHEMES, colorSchemeAtom, type ColorScheme } from './theme-atom.ts';

const ICONS = { dark: MoonIcon, light: SunIcon, auto: MonitorIcon } satisfies Record<ColorScheme, unknown>;

export function ThemeSelect() {
  const [scheme, setScheme] = useAtom(colorSchemeAtom);
  const intl = useIntl();
  const id = useId();
  const Icon = ICONS[scheme];
  return (
    <div className="select-control">
      <label htmlFor={id} className="select-control__label">
        <Icon />
        <span className="visually-hidden">
          <FormattedMessage id="theme.label" />
        </span>
      </label>
      <select
        id={id}
        data-testid="theme-select"
        value={scheme}
        onChange={(event) => setScheme(event.target.value as ColorScheme)}
      >
        {COLOR_SCHEMES.map((value) => (
          <option key={value} value={value}>
            {intl.formatMessage({ id: `theme.${value}` })}
          </option>
        ))}
      </select>
    </div>
  );
}
