import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LocaleSelect } from '../../shared/i18n/locale-select.tsx';
import { useSite } from '../../shared/site/site-query.ts';
import { ThemeSelect } from '../../shared/theme/theme-select.tsx';
import { LogoMark } from '../../shared/ui/icons.tsx';
import { HeaderAccount } from './header-account.tsx';
import { MainNav } from './main-nav.tsx';

export function SiteHeader() {
  const { brand } = useSite();
  const intl = useIntl();
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand" aria-label={intl.formatMessage({ id: 'header.homeLink' }, { brand })}>
          <LogoMark size={30} />
          <span className="brand__name" data-testid="header-brand">
            {brand}
          </span>
        </Link>
        <MainNav />
        <div className="site-header__tools" role="group" aria-label={intl.formatMessage({ id: 'header.settings' })}>
          <LocaleSelect />
          <ThemeSelect />
        </div>
        <HeaderAccount />
      </div>
    </header>
  );
}
