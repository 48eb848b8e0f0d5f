import { describe, expect, it } from 'vitest';
import { HKJC_CONVENTIONS } from './conventions.ts';

describe('settlement conventions the reference could not confirm for HKJC', () => {
  it.each([
    ['split and whole lines (§1.3, §1.4)', HKJC_CONVENTIONS.lines],
    ['half-win and half-loss factors (§2.2)', HKJC_CONVENTIONS.outcomeShares.provenance],
    ['0-0 is even (§1.2)', HKJC_CONVENTIONS.zeroGoals],
    ['first-half markets of a match abandoned after half-time (§4)', HKJC_CONVENTIONS.abandonedAfterHalfTime],
    ['FCS "others" (§1.5)', HKJC_CONVENTIONS.correctScoreOthers],
    ['FGS non-runners (§1.6)', HKJC_CONVENTIONS.nonRunnerScorer],
    ['rounding per bet (§2.2)', HKJC_CONVENTIONS.rounding],
  ])('are labelled unconfirmed: %s', (_, fact) => {
    expect(fact.confidence).toBe('unconfirmed');
    expect(fact.source).toMatch(/unconfirmed|convention|our seed/i);
  });

  it('hold the values the reference describes', () => {
    expect(HKJC_CONVENTIONS.lines.onWholeLine).toBe('push');
    expect(HKJC_CONVENTIONS.zeroGoals.parity).toBe('E');
    expect(HKJC_CONVENTIONS.rounding).toMatchObject({ step: 10, scope: 'perBet' });
    expect(HKJC_CONVENTIONS.correctScoreOthers).toMatchObject({ CRS: 'fiveWay', FCS: 'threeWay' });
  });
});
