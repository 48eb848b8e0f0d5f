import type { MessageFormatElement } from 'react-intl';
import type enMessages from './messages/en.json';

/** en.json is the source of truth: every id the code uses must exist there (checked by tsc). */
export type MessageId = keyof typeof enMessages;
/** A catalogue as react-intl takes it: each message compiled to its syntax tree (client/build/catalogue-parts.ts), or a string. */
export type Messages = Partial<Record<MessageId, string | MessageFormatElement[]>>;
export type MessageValues = Record<string, string | number>;

/** A message to show later, translated at render time so it follows a language switch. */
export type MessageRef = { id: MessageId; values?: MessageValues } | { text: string };

declare global {
  // react-intl reads this to type-check every `id` passed to FormattedMessage and formatMessage.
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
