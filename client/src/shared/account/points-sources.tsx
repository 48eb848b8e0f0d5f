import { formatPoints } from '@gp/common/money';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSite } from '../site/site-query.ts';
import { useMe } from './me-query.ts';

/**
 * No dead end at 0 GP: where points come from — a deposit first (one tap to the deposit page, which
 * starts with an amount and a method chosen), then PIN cards and the customer-service mailbox — and,
 * while there are trial points, that they let the member try keno now. Shown only to a member with
 * no real points.
 */
export function PointsSources() {
  const intl = useIntl();
  const me = useMe();
  const { supportEmail } = useSite();
  if (!me.data || me.data.balance > 0) return null;
  const trial = me.data.trialBalance;
  return (
    <section className="notice notice--info points-sources" aria-labelledby="points-sources-title" data-testid="points-sources">
      <div>
        <h2 id="points-sources-title" className="points-sources__title">
          <FormattedMessage id="points.sources.title" />
        </h2>
        <p>
          <FormattedMessage id="points.sources.deposit" />
        </p>
        <p>
          <Link to="/deposit" className="button button--primary button--small" data-testid="points-sources-deposit">
            <FormattedMessage id="points.sources.depositLink" />
          </Link>
        </p>
        <p>
          <FormattedMessage id="points.sources.pin" />{' '}
          <Link to="/wallet#redeem" data-testid="points-sources-pin">
            <FormattedMessage id="points.sources.pinLink" />
          </Link>
        </p>
        {supportEmail && (
          <p>
            <FormattedMessage
              id="points.sources.support"
              values={{
                email: (
                  <a href={`mailto:${supportEmail}`} data-testid="points-sources-email">
                    {supportEmail}
                  </a>
                ),
              }}
            />
          </p>
        )}
        {trial > 0 && (
          <p data-testid="points-sources-trial">
            <FormattedMessage id="points.sources.trial" values={{ amount: formatPoints(trial, intl.locale) }} />{' '}
            <Link to="/main/keno/keno24h">
              <FormattedMessage id="points.sources.trialLink" />
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
