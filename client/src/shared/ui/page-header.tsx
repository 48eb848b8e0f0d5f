import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';

/** A page's title and the sentence under it, from the catalogue. */
export function PageHeader({ title, lead, leadClass = 'muted' }: { title: MessageId; lead: MessageId; leadClass?: 'muted' | 'lead' }) {
  return (
    <header className="page__header">
      <h1>
        <FormattedMessage id={title} />
      </h1>
      <p className={leadClass}>
        <FormattedMessage id={lead} />
      </p>
    </header>
  );
}
