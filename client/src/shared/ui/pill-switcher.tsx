import './pill-switcher.css';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../i18n/message-ids.ts';

interface PillSwitcherProps {
  /** The navigation's accessible name. */
  label: string;
  items: readonly { code: string; to: string; name: MessageId }[];
  current: string;
  /** The screen's own class, for what it styles differently (the draw lotteries' one-row scroller on a phone). */
  className?: string;
}

/**
 * The products of one family as a row of pill links, the current one in gold (keno games, draw
 * lotteries). Plain links: pages told apart by `?product=` share a path, which NavLink would mark all current.
 */
export function PillSwitcher({ label, items, current, className }: PillSwitcherProps) {
  return (
    <nav className={`pill-switcher${className ? ` ${className}` : ''}`} aria-label={label}>
      {items.map(({ code, to, name }) => (
        <Link key={code} to={to} className="pill-switcher__link" aria-current={code === current ? 'page' : undefined} data-testid={`switch-${code}`}>
          <FormattedMessage id={name} />
        </Link>
      ))}
    </nav>
  );
}
