import { isLocale, LOCALE_NAMES, LOCALES } from '@gp/common/locales';
import { useAtom } from 'jotai';
import { IconSelect } from '../ui/icon-select.tsx';
import { GlobeIcon } from '../ui/icons.tsx';
import { localeAtom } from './locale-atom.ts';

// Each language named in itself, so anyone can find their own.
const OPTIONS = LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code], lang: code }));

/** Spec §2 language selector. */
export function LocaleSelect({ compact = false }: { compact?: boolean }) {
  const [locale, setLocale] = useAtom(localeAtom);
  return (
    <IconSelect
      icon={GlobeIcon}
      label="locale.label"
      testId="locale-select"
      value={locale}
      options={OPTIONS}
      onChange={(value) => isLocale(value) && setLocale(value)}
      compact={compact}
    />
  );
}
