import { DRAW_CODES } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { productNameId } from '../../shared/keno/keno-codes.ts';

/**
 * The twelve draw lotteries as a row of links; `hrefFor` picks the page (purchase, results, number
 * master). Plain links: pages told apart by `?product=` share a path, which NavLink would mark all current.
 */
export function DrawSwitcher({ current, hrefFor, label }: { current: string; hrefFor: (code: string) => string; label: string }) {
  return (
    <nav className="draw-switcher" aria-label={label}>
      {DRAW_CODES.map((code) => (
        <Link key={code} to={hrefFor(code)} className="draw-switcher__link" aria-current={code === current ? 'page' : undefined} data-testid={`switch-${code}`}>
          <FormattedMessage id={productNameId(code)} />
        </Link>
      ))}
    </nav>
  );
}
