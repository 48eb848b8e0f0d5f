import './football-links.css';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../i18n/message-ids.ts';
import { FOOTBALL_PATHS } from './doc-links.ts';

type FootballPage = keyof typeof FOOTBALL_PATHS;

const LABELS: Record<FootballPage, MessageId> = {
  purchase: 'footballDoc.links.purchase',
  doc: 'footballDoc.links.doc',
  odds: 'footballDoc.links.odds',
  soccer: 'footballDoc.links.soccer',
};

/** The other football pages as a row of buttons (the purchase screen first, as the way back to betting). */
export function FootballLinks({ current }: { current: FootballPage }) {
  const intl = useIntl();
  const pages = (Object.keys(FOOTBALL_PATHS) as FootballPage[]).filter((p) => p !== current);
  return (
    <nav className="button-row football-links" aria-label={intl.formatMessage({ id: 'footballDoc.links.label' })}>
      {pages.map((p) => (
        <Link key={p} to={FOOTBALL_PATHS[p]} className={`button button--small ${p === 'purchase' ? 'button--primary' : 'button--ghost'}`}>
          <FormattedMessage id={LABELS[p]} />
        </Link>
      ))}
    </nav>
  );
}
