import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { usePlayState } from '../../shared/account/play-state.ts';
import { Moment } from '../../shared/time/moment.tsx';

/**
 * Under the header while the member is on a break or self-excluded (issue 32): the state and when
 * it ends, on every page, so a signed-in member always sees why deposits and play are closed.
 * A member without a date of birth is asked for it here too.
 */
export function PlayStateBanner() {
  const { data } = usePlayState();
  if (!data) return null;
  if (data.state !== 'active') {
    return (
      <div className="notice notice--warning play-banner" role="status" data-testid="play-banner">
        <div className="container">
          <FormattedMessage id={`play.state.${data.state}`} values={{ until: <Moment value={data.until!} /> }} />{' '}
          <Link to="/account#responsible-play">
            <FormattedMessage id="play.title" />
          </Link>
        </div>
      </div>
    );
  }
  if (data.ageCheck === 'missing') {
    return (
      <div className="notice play-banner" role="status" data-testid="birth-date-banner">
        <div className="container">
          <FormattedMessage id="play.birth.lead" />{' '}
          <Link to="/account#responsible-play">
            <FormattedMessage id="play.birth.save" />
          </Link>
        </div>
      </div>
    );
  }
  return null;
}
