import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';
import { useSite } from './site-query.ts';

/** `document.title` is the host's title from /api/site (spec §1), prefixed with the page's name. */
export function usePageTitle(pageId?: MessageId): void {
  const { title } = useSite();
  const intl = useIntl();
  const page = pageId ? intl.formatMessage({ id: pageId }) : '';
  useEffect(() => {
    document.title = page ? `${page} · ${title}` : title;
  }, [page, title]);
}
