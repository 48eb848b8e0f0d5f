import '../../shared/styles/rules.css';
import './football-doc.css';
import { FOOTBALL_MARKETS, MARKET_CODES, type MarketCode } from '@gp/common';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { BetTypeCard } from './bet-type-card.tsx';
import { BetTypeNav } from './bet-type-nav.tsx';
import { CorrectScorePanel } from './correct-score-panel.tsx';
import { CrossbarTable } from './crossbar-table.tsx';
import { FootballLinks } from '../../shared/football/football-links.tsx';
import { HandicapTable, HiLoTable } from './line-tables.tsx';
import { BasicsSection, LineOutcomesSection, VoidRulesSection } from './rule-sections.tsx';
import { StakesSection } from './stakes-section.tsx';
import { UsageTutorial } from './usage-tutorial.tsx';
import { WorkedExamplesSection } from './worked-examples-section.tsx';

/** The tables some bet types carry under their description. */
const EXTRAS: Partial<Record<MarketCode, ReactNode>> = {
  HDC: <HandicapTable />,
  HIL: <HiLoTable />,
  CRS: <CorrectScorePanel market="CRS" />,
  FCS: <CorrectScorePanel market="FCS" />,
};

/**
 * `/main/sports/hkjc-football-doc`: every bet type, how to bet, the all-up table, worked
 * examples and stakes. Everything is computed from common's rules (the same the orders settle
 * by), so the page cannot drift from them; unconfirmed conventions carry their label and source.
 */
export function FootballDocPage() {
  usePageTitle('footballDoc.pageTitle');
  return (
    <div className="container page football-doc">
      <PageHeader title="footballDoc.title" lead="footballDoc.lead" />
      <FootballLinks current="doc" />
      <BetTypeNav />
      <BasicsSection />
      <section className="bet-types" aria-labelledby="bet-types-title">
        <h2 id="bet-types-title" className="bet-types__title">
          <FormattedMessage id="footballDoc.nav.betTypes" />
        </h2>
        {MARKET_CODES.map((code) => (
          <BetTypeCard key={code} market={FOOTBALL_MARKETS[code]} hideSelections={code === 'CRS' || code === 'FCS'}>
            {EXTRAS[code]}
          </BetTypeCard>
        ))}
      </section>
      <LineOutcomesSection />
      <VoidRulesSection />
      <UsageTutorial />
      <CrossbarTable />
      <WorkedExamplesSection />
      <StakesSection />
    </div>
  );
}
