import { isLocale, LOCALE_NAMES, LOCALES } from '@gp/common/locales';
import { useAtom } from 'jotai';
import { localeAtom } from '../i18n/locale-atom.ts';
import { IconSelect } from './icon-select.tsx';
import { GlobeIcon } from './icons.tsx';

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
