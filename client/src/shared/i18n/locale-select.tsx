import { isLocale, LOCALE_NAMES, LOCALES } from '@gp/common/locales';
import { useAtom } from 'jotai';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { GlobeIcon } from '../ui/icons.tsx';
import { localeAtom } from './locale-atom.ts';

/** Spec §2 language selector: each language named in itself, so anyone can find their own. */
export function LocaleSelect() {
  const [locale, setLocale] = useAtom(localeAtom);
  const id = useId();
  return (
    <div className="select-control">
      <label htmlFor={id} className="select-control__label">
        <GlobeIcon />
        <span className="visually-hidden">
          <FormattedMessage id="locale.label" />
        </span>
      </label>
      <select
        id={id}
        data-testid="locale-select"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
