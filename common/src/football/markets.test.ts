import { describe, expect, it } from 'vitest';
import { HKJC_CONVENTIONS } from './conventions.ts';
import { FOOTBALL_MARKETS, footballMarkets, isMarketCode, isSelection, MARKET_CODES } from './markets.ts';

describe('the 14 bet types', () => {
  it('are the codes of spec §3', () => {
    expect([...MARKET_CODES].sort()).toEqual(
      ['HAD', 'FHA', 'HHA', 'HDC', 'HIL', 'FHL', 'CHL', 'CRS', 'FCS', 'FTS', 'TTG', 'OOE', 'FGS', 'HFT'].sort(),
    );
    expect(Object.keys(FOOTBALL_MARKETS).sort()).toEqual([...MARKET_CODES].sort());
    expect(isMarketCode('HAD')).toBe(true);
    expect(isMarketCode('NTS')).toBe(false);
  });

  it('limit an all-up to 6 legs exactly for CRS, FCS, HFT and FGS', () => {
    expect(MARKET_CODES.filter((c) => FOOTBALL_MARKETS[c].restricted).sort()).toEqual(['CRS', 'FCS', 'FGS', 'HFT']);
  });

  it('need the handicap minimum for HDC', () => {
    expect(MARKET_CODES.filter((c) => FOOTBALL_MARKETS[c].handicapMinimum)).toEqual(['HDC']);
  });

  it('take the lines of the reference', () => {
    const lines = Object.fromEntries(MARKET_CODES.map((c) => [c, FOOTBALL_MARKETS[c].line]));
    expect(lines).toEqual({
      HAD: null,
      FHA: null,
      HHA: 'wholeHandicap',
      HDC: 'handicap',
      HIL: 'total',
      FHL: 'total',
      CHL: 'total',
      CRS: null,
      FCS: null,
      FTS: null,
      TTG: null,
      OOE: null,
      FGS: null,
      HFT: null,
    });
  });

  it('settle FHA, FHL and FCS on the first half, HFT on both, the rest on normal time', () => {
    expect(MARKET_CODES.filter((c) => FOOTBALL_MARKETS[c].period === 'firstHalf')).toEqual(['FHA', 'FHL', 'FCS']);
    expect(MARKET_CODES.filter((c) => FOOTBALL_MARKETS[c].period === 'halfAndFull')).toEqual(['HFT']);
  });

  it('offer the selections of the reference', () => {
    expect(FOOTBALL_MARKETS.HAD.selections).toEqual(['H', 'D', 'A']);
    expect(FOOTBALL_MARKETS.HHA.selections).toEqual(['H', 'D', 'A']);
    expect(FOOTBALL_MARKETS.HDC.selections).toEqual(['H', 'A']);
    expect(FOOTBALL_MARKETS.HIL.selections).toEqual(['H', 'L']);
    expect(FOOTBALL_MARKETS.CHL.selections).toEqual(['H', 'L']);
    expect(FOOTBALL_MARKETS.FTS.selections).toEqual(['H', 'A', 'N']);
    expect(FOOTBALL_MARKETS.TTG.selections).toEqual(['0', '1', '2', '3', '4', '5', '6', '7+']);
    expect(FOOTBALL_MARKETS.OOE.selections).toEqual(['O', 'E']);
    expect(FOOTBALL_MARKETS.HFT.selections).toEqual(['HH', 'HD', 'HA', 'DH', 'DD', 'DA', 'AH', 'AD', 'AA']);
    expect(FOOTBALL_MARKETS.CRS.selections).toHaveLength(33);
    expect(FOOTBALL_MARKETS.CRS.selections).toContain('OHN');
    expect(FOOTBALL_MARKETS.FCS.selections).toHaveLength(31);
    expect(FOOTBALL_MARKETS.FCS.selections).not.toContain('OHN');
  });

  it('follow the correct-score convention when it changes', () => {
    const markets = footballMarkets({ ...HKJC_CONVENTIONS, correctScoreOthers: { ...HKJC_CONVENTIONS.correctScoreOthers, FCS: 'fiveWay' } });
    expect(markets.FCS.selections).toHaveLength(33);
  });

  it.each<[string, boolean]>([
    ['115', true],
    ['201', true],
    ['N', true],
    ['315', false],
    ['15', false],
    ['H', false],
  ])('FGS takes player code %j: %s', (code, ok) => {
    expect(isSelection(FOOTBALL_MARKETS.FGS, code)).toBe(ok);
  });

  it('say where each fact comes from', () => {
    for (const code of MARKET_CODES) {
      expect(FOOTBALL_MARKETS[code].provenance.source.length).toBeGreaterThan(10);
    }
    expect(FOOTBALL_MARKETS.OOE.provenance.confidence).toBe('unconfirmed');
    expect(FOOTBALL_MARKETS.HAD.provenance.confidence).toBe('confirmed');
  });
});
