import { FOOTBALL_MARKETS } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { correctScoreGrid } from './correct-score-grid.ts';
import { selectionLabelParts } from '../../shared/football/selection-labels.ts';

describe('the correct-score grid on the help page', () => {
  it('lays out 12 home wins, 4 draws, 12 away wins and the five 2026 "others" with the scores they cover', () => {
    const grid = correctScoreGrid('fiveWay');
    expect([grid.homeWins.length, grid.draws.length, grid.awayWins.length]).toEqual([12, 4, 12]);
    expect(grid.others).toEqual([
      { key: 'HO', examples: ['4:3', '6:1'] },
      { key: 'OHN', examples: ['6:0', '7:0'] },
      { key: 'DO', examples: ['4:4', '5:5'] },
      { key: 'AO', examples: ['3:4', '1:6'] },
      { key: 'OAN', examples: ['0:6', '0:7'] },
    ]);
    // Every CRS selection of common appears once on the page.
    const shown = [...grid.homeWins, ...grid.draws, ...grid.awayWins, ...grid.others.map((o) => o.key)];
    expect([...shown].sort()).toEqual([...(FOOTBALL_MARKETS.CRS.selections as string[])].sort());
  });

  it('folds home wins to nil into "home others" in the three-way scheme', () => {
    expect(correctScoreGrid('threeWay').others).toEqual([
      { key: 'HO', examples: ['6:0', '4:3'] },
      { key: 'DO', examples: ['4:4', '5:5'] },
      { key: 'AO', examples: ['0:6', '3:4'] },
    ]);
  });
});

describe('selection labels', () => {
  it('reads every standard selection of the 14 bet types from the catalogue, scores and counts as themselves', () => {
    for (const market of Object.values(FOOTBALL_MARKETS)) {
      if (market.selections === 'players') continue;
      for (const key of market.selections) {
        const parts = selectionLabelParts(market.code, key);
        const asText = /^\d+:\d+$|^\d$/.test(key);
        expect(parts.every((p) => ('text' in p) === asText), `${market.code} ${key}`).toBe(true);
      }
    }
  });

  it('labels over/under, no goals, 7+, half-time/full-time and the others groups', () => {
    expect(selectionLabelParts('CHL', 'L')).toEqual([{ id: 'footballDoc.sel.under' }]);
    expect(selectionLabelParts('FTS', 'N')).toEqual([{ id: 'footballDoc.sel.noGoals' }]);
    expect(selectionLabelParts('TTG', '7+')).toEqual([{ id: 'footballDoc.sel.sevenPlus' }]);
    expect(selectionLabelParts('HFT', 'DA')).toEqual([{ id: 'footballDoc.sel.draw' }, { id: 'footballDoc.sel.away' }]);
    expect(selectionLabelParts('CRS', 'OHN')).toEqual([{ id: 'footballDoc.sel.others.OHN' }]);
    expect(selectionLabelParts('FCS', 'HO')).toEqual([{ id: 'footballDoc.sel.others.HO3' }]);
    expect(selectionLabelParts('FGS', '115')).toEqual([{ text: '115' }]);
  });
});
