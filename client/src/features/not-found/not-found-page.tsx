import './not-found.css';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { ArrowLeftIcon } from '../../shared/ui/icons.tsx';

/** The catch-all route (spec §2): title, heading, body and a "take me back" button to /. */
export function NotFoundPage() {
  usePageTitle('notFound.pageTitle');
  const navigate = useNavigate();
  return (
    <div className="container page not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        <FormattedMessage id="notFound.title" />
      </p>
      <h1>
        <FormattedMessage id="notFound.heading" />
      </h1>
      <p className="muted not-found__body">
        <FormattedMessage id="notFound.body" />
      </p>
      <button type="button" className="button button--primary button--large" onClick={() => void navigate('/')}>
        <ArrowLeftIcon size={18} />
        <FormattedMessage id="notFound.back" />
      </button>
    </div>
  );
}
