import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { CloseIcon, MenuIcon } from '../../shared/ui/icons.tsx';

/**
 * The phone's menu: a button that opens /navbar (spec §2), the page listing every destination and
 * the settings; on that page it closes it again, back to where the member was.
 */
export function MenuButton() {
  const intl = useIntl();
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  if (pathname === '/navbar') {
    const label = intl.formatMessage({ id: 'nav.menuClose' });
    return (
      <button
        type="button"
        className="icon-button menu-button"
        aria-label={label}
        title={label}
        // Opened from a page of this site: go back to it; opened directly: go home.
        onClick={() => void (key !== 'default' ? navigate(-1) : navigate('/'))}
        data-testid="menu-button"
      >
        <CloseIcon size={20} />
      </button>
    );
  }
  const label = intl.formatMessage({ id: 'nav.menu' });
  return (
    <Link to="/navbar" className="icon-button menu-button" aria-label={label} title={label} data-testid="menu-button">
      <MenuIcon size={20} />
    </Link>
  );
}
