import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';

/** The keno games and where each one's purchase screen lives (spec §2: /main/keno, /main/keno/keno24h). */
export const KENO_SCREENS = [
  { code: 'TWB01', to: '/main/keno' },
  { code: 'CAB01', to: '/main/keno/keno24h' },
  { code: 'KRB01', to: '/main/keno?product=KRB01' },
] as const;
export type KenoScreenCode = (typeof KENO_SCREENS)[number]['code'];

export function ProductSwitcher({ current }: { current: string }) {
  const intl = useIntl();
  return (
    <nav className="keno-switcher" aria-label={intl.formatMessage({ id: 'keno.switcher.label' })}>
      {KENO_SCREENS.map(({ code, to }) => (
        <Link key={code} to={to} className="keno-switcher__link" aria-current={code === current ? 'page' : undefined} data-testid={`switch-${code}`}>
          <FormattedMessage id={`product.${code}`} />
        </Link>
      ))}
    </nav>
  );
}
