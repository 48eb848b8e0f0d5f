import './football-order-cells.css';
import type { FootballOrderPart } from '@gp/common';
import { Fragment } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalAmount } from '../money/local-money.ts';
import { useFootballLabels } from './use-football-labels.ts';
import { useLocalName } from './use-local-name.ts';

type Leg = FootballOrderPart['legs'][number];

const score = (s: { home: number; away: number } | null | undefined) => (s ? `${s.home}-${s.away}` : null);

/** The leg's match result in one line: "2-1 (HT 1-0)", or why it has none (void reasons). */
function LegResult({ leg }: { leg: Leg }) {
  const result = leg.result;
  if (!result) return null;
  if (result.status !== 'played') {
    return (
      <span className="football-leg__result">
        <FormattedMessage id={`football.eventStatus.${result.status}`} />
      </span>
    );
  }
  const ft = score(result.fullTime);
  const ht = score(result.halfTime);
  return (
    <span className="football-leg__result" data-testid="leg-result">
      {ft}
      {ht && (
        <>
          {' '}
          <FormattedMessage id="orders.football.halfTime" values={{ score: ht }} />
        </>
      )}
    </span>
  );
}

/**
 * A football order's legs as bought: event code, teams, market, line, selection and the odds
 * taken; after settlement each leg's result and outcome (win, half win, push, half loss, loss, void).
 */
export function FootballLegs({ part }: { part: FootballOrderPart }) {
  const labels = useFootballLabels();
  const name = useLocalName();
  return (
    <ul className="football-legs" data-testid="football-legs">
      {part.legs.map((leg, i) => (
        <li key={i} className="football-leg" data-testid="football-leg" data-outcome={leg.outcome ?? undefined}>
          <span className="football-leg__event">
            <span className="mono">{leg.code}</span> {name(leg.home, leg.names?.home)} – {name(leg.away, leg.names?.away)}
          </span>
          <span className="football-leg__pick">
            {labels.market(leg.market)}
            {leg.line !== null && ` [${leg.line}]`} · <strong>{labels.selection(leg.market, leg.selection)}</strong> @{leg.odds}
          </span>
          <LegResult leg={leg} />
          {leg.outcome && (
            <span className={`outcome-tag outcome-tag--${leg.outcome === 'win' || leg.outcome === 'halfWin' ? 'win' : leg.outcome === 'loss' || leg.outcome === 'halfLoss' ? 'lose' : 'refund'}`}>
              <FormattedMessage id={`orders.football.outcome.${leg.outcome}`} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A football order's issue joins its match codes (`FB4111+FB4112`): it may break after each `+`, never inside a code. */
export function FootballIssue({ issue }: { issue: string }) {
  const codes = issue.split('+');
  return (
    <span className="mono football-issue">
      {codes.map((code, i) => (
        <Fragment key={i}>
          {code}
          {i < codes.length - 1 && (
            <>
              +<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}

/** Singles, or the all-up formula with its number of bets. */
export function FootballPlayType({ part }: { part: FootballOrderPart }) {
  return (
    <span data-testid="football-play-type">
      {part.mode === 'single' || !part.formula ? (
        <FormattedMessage id="orders.football.singles" values={{ bets: part.bets }} />
      ) : (
        <FormattedMessage id="orders.football.allup" values={{ formula: part.formula, bets: part.bets }} />
      )}
    </span>
  );
}

/** What the order returned in HKD once settled (and the refunded part), else the maximum it can return. */
export function FootballPayout({ part, refunded }: { part: FootballOrderPart; refunded: boolean }) {
  const intl = useIntl();
  if (!part.payout) {
    return (
      <span className="muted" data-testid="football-payout">
        {refunded ? (
          <FormattedMessage id="orders.draw.refunded" />
        ) : (
          <FormattedMessage id="orders.football.pending" values={{ amount: formatLocalAmount(part.maxPrize, intl.locale) }} />
        )}
      </span>
    );
  }
  return (
    <span className={part.payout.amount > 0 ? 'amount--credit' : undefined} data-testid="football-payout">
      {part.payout.amount > 0 ? (
        <FormattedMessage id="orders.football.returned" values={{ amount: formatLocalAmount(part.payout, intl.locale) }} />
      ) : (
        <FormattedMessage id="orders.draw.noWin" />
      )}
      {part.refund && part.refund.amount > 0 && (
        <span className="muted">
          {' '}
          <FormattedMessage id="orders.football.refund" values={{ amount: formatLocalAmount(part.refund, intl.locale) }} />
        </span>
      )}
    </span>
  );
}

/** The legs' full-time scores, one per match: the football "official result". */
export function FootballScores({ part }: { part: FootballOrderPart }) {
  const matches = [...new Map(part.legs.map((leg) => [leg.eventId, leg])).values()];
  if (matches.every((leg) => !leg.result)) {
    return (
      <span className="muted football-scores">
        <FormattedMessage id="orders.football.noResults" />
      </span>
    );
  }
  return (
    <ul className="football-scores">
      {matches.map((leg) => (
        <li key={leg.eventId}>
          <span className="mono">{leg.code}</span> <LegResult leg={leg} />
        </li>
      ))}
    </ul>
  );
}
