import './product-switcher.css';
import type { KenoCode } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { KENO_CODES } from './keno-codes.ts';

/** The keno products as tabs of links, so each product's page has its own address. */
export function ProductSwitcher({ current, hrefFor }: { current: KenoCode; hrefFor: (code: KenoCode) => string }) {
  const intl = useIntl();
  return (
    <nav className="product-switcher" aria-label={intl.formatMessage({ id: 'results.switcher' })} data-testid="product-switcher">
      <ul>
        {KENO_CODES.map((code) => (
          <li key={code}>
            <Link to={hrefFor(code)} className="product-switcher__link" aria-current={code === current ? 'page' : undefined} replace>
              <FormattedMessage id={`product.${code}`} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
