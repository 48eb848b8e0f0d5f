import { MARKET_CODES } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { DOC_SECTIONS } from '../../shared/football/doc-links.ts';
import { marketNameId } from '../../shared/football/selection-labels.ts';

const SECTIONS: { id: string; label: MessageId }[] = [
  { id: DOC_SECTIONS.basics, label: 'footballDoc.basics.title' },
  { id: DOC_SECTIONS.lines, label: 'footballDoc.lines.title' },
  { id: DOC_SECTIONS.voids, label: 'footballDoc.void.title' },
  { id: DOC_SECTIONS.tutorial, label: 'footballDoc.howTo.title' },
  { id: DOC_SECTIONS.allUp, label: 'footballDoc.allUp.title' },
  { id: DOC_SECTIONS.examples, label: 'footballDoc.examples.title' },
  { id: DOC_SECTIONS.stakes, label: 'footballDoc.stakes.title' },
];

/**
 * The page's contents: a chip per bet type (its pool code, named in full for screen readers and
 * on hover) and the other sections. Hash links through the router, which scrolls and focuses.
 */
export function BetTypeNav() {
  const intl = useIntl();
  return (
    <nav className="card section-card doc-nav" aria-label={intl.formatMessage({ id: 'footballDoc.nav.label' })}>
      <h2 className="doc-nav__title">
        <FormattedMessage id="footballDoc.nav.betTypes" />
      </h2>
      <ul className="doc-nav__codes" data-testid="bet-type-nav">
        {MARKET_CODES.map((code) => {
          const name = intl.formatMessage({ id: marketNameId(code) });
          return (
            <li key={code}>
              <Link to={{ hash: code }} className="doc-chip" title={name}>
                <span aria-hidden="true">{code}</span>
                <span className="visually-hidden">{`${code} ${name}`}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <ul className="doc-nav__sections">
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <Link to={{ hash: s.id }}>
              <FormattedMessage id={s.label} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
