import { useIntl } from 'react-intl';
import { useHeaderFit } from './use-header-fit.ts';
import { Link } from 'react-router';
import { LocaleSelect } from '../../shared/ui/locale-select.tsx';
import { useSite } from '../../shared/site/site-query.ts';
import { ThemeSelect } from '../../shared/theme/theme-select.tsx';
import { LogoMark } from '../../shared/ui/icons.tsx';
import { HeaderAccount } from './header-account.tsx';
import { MainNav } from './main-nav.tsx';
import { MenuButton } from './menu-button.tsx';

export function SiteHeader() {
  const { brand } = useSite();
  const intl = useIntl();
  const { ref, fit } = useHeaderFit<HTMLDivElement>();
  return (
    <header className="site-header">
      <div ref={ref} className={`site-header__inner container site-header__inner--${fit}`}>
        <Link to="/" className="brand" aria-label={intl.formatMessage({ id: 'header.homeLink' }, { brand })}>
          <LogoMark size={30} />
          <span className="brand__name brand__name--header" data-testid="header-brand">
            {brand}
          </span>
        </Link>
        <MainNav />
        <div className="site-header__tools" role="group" aria-label={intl.formatMessage({ id: 'header.settings' })}>
          <LocaleSelect compact />
          <ThemeSelect compact />
        </div>
        <HeaderAccount />
        <MenuButton />
      </div>
    </header>
  );
}
