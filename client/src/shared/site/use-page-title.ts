import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';
import { useSite } from './site-query.ts';

/**
 * `document.title` (spec §1: it depends on the host): "Page · Brand" inside the site, "Brand ·
 * tagline" on the home page, the tagline in the reader's language (the server's `title` is English).
 */
export function usePageTitle(pageId?: MessageId): void {
  const { brand, kind } = useSite();
  const intl = useIntl();
  const page = pageId ? intl.formatMessage({ id: pageId }) : '';
  const tagline = intl.formatMessage({ id: `site.tagline.${kind}` });
  useEffect(() => {
    document.title = page ? `${page} · ${brand}` : `${brand} · ${tagline}`;
  }, [page, brand, tagline]);
}
