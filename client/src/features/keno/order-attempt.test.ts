import { describe, expect, it } from 'vitest';
import { attemptFor, bodyFingerprint } from './order-attempt.ts';

const body = { productCode: 'CAB01', issue: '1467970', trial: false, multiplier: 3, plays: [{ type: 'pick' as const, stars: 3, numbers: [1, 2, 3] }] };

describe('the key of a confirmed ticket', () => {
  let n = 0;
  const newKey = () => `key-${++n}`;

  it('is reused when the same ticket is sent again after a failure, so it can never be bought twice', () => {
    const first = attemptFor(null, bodyFingerprint(body), newKey);
    const retry = attemptFor(first, bodyFingerprint({ ...body, plays: [{ numbers: [1, 2, 3], stars: 3, type: 'pick' }] }), newKey);
    expect(retry.key).toBe(first.key);
  });

  it('is new for a changed ticket (another issue, multiplier or numbers)', () => {
    const first = attemptFor(null, bodyFingerprint(body), newKey);
    expect(attemptFor(first, bodyFingerprint({ ...body, issue: '1467971' }), newKey).key).not.toBe(first.key);
    expect(attemptFor(first, bodyFingerprint({ ...body, multiplier: 4 }), newKey).key).not.toBe(first.key);
  });

  it('treats the defaults of trial and multiplier as written out', () => {
    const { trial: _t, multiplier: _m, ...bare } = body;
    expect(bodyFingerprint(bare)).toBe(bodyFingerprint({ ...body, multiplier: 1 }));
  });
});
