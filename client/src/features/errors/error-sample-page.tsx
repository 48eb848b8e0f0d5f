import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';

/** The sample error pages of spec §2: /error/page-1 … page-5. */
const SAMPLES: Record<string, { code: string; title: MessageId; body: MessageId; action: { to: string; label: MessageId } }> = {
  'page-1': { code: '401', title: 'errorPages.401.title', body: 'errorPages.401.body', action: { to: '/auth?mode=login', label: 'auth.login' } },
  'page-2': { code: '403', title: 'errorPages.403.title', body: 'errorPages.403.body', action: { to: '/', label: 'notFound.back' } },
  'page-3': { code: '404', title: 'errorPages.404.title', body: 'errorPages.404.body', action: { to: '/', label: 'notFound.back' } },
  'page-4': { code: '500', title: 'errorPages.500.title', body: 'errorPages.500.body', action: { to: '/test', label: 'selfCheck.title' } },
  'page-5': { code: '503', title: 'errorPages.offline.title', body: 'errorPages.offline.body', action: { to: '/test', label: 'selfCheck.title' } },
};

export function ErrorSamplePage() {
  const { page = '' } = useParams();
  const sample = SAMPLES[page] ?? SAMPLES['page-3']!;
  usePageTitle(sample.title);
  return (
    <div className="container page not-found" data-testid={`error-${sample.code}`}>
      <p className="not-found__code" aria-hidden="true">
        {sample.code}
      </p>
      <h1>
        <FormattedMessage id={sample.title} />
      </h1>
      <p className="muted not-found__body">
        <FormattedMessage id={sample.body} />
      </p>
      <p>
        <Link to={sample.action.to} className="button button--primary button--large">
          <FormattedMessage id={sample.action.label} />
        </Link>
      </p>
      <nav aria-label="samples" className="error-samples">
        {Object.entries(SAMPLES).map(([key, value]) => (
          <Link key={key} to={`/error/${key}`}>
            {value.code}
          </Link>
        ))}
      </nav>
    </div>
  );
}
