import type { OperatorClaimTerms } from '@gp/common';

/**
 * What each operator asks of a prize claimant, by the product code's country. None of it is from
 * the operators' own pages yet (the team's reference notes have no claim rules for these lotteries):
 * every entry is our configuration, `confirmed: false`, and the member's page says so. Replace an
 * entry and set `confirmed` only with the operator's published rules in hand (docs/back-office.md).
 */
const BY_COUNTRY: Record<string, OperatorClaimTerms> = {
  TW: { operator: 'Taiwan Lottery (台灣彩券)', steps: ['identity document', 'original ticket', 'bank account for the transfer'], deadlineDays: 90, confirmed: false },
  HK: { operator: 'HKJC Lotteries', steps: ['identity document', 'original ticket'], deadlineDays: 60, confirmed: false },
  JP: { operator: 'Takarakuji (みずほ銀行)', steps: ['identity document', 'original ticket', 'claim form'], deadlineDays: 365, confirmed: false },
  AU: { operator: 'The Lott', steps: ['identity document', 'original ticket', 'claim form'], deadlineDays: 365, confirmed: false },
  US: { operator: 'the state lottery of sale', steps: ['identity document', 'original ticket, signed', 'claim form', 'tax form'], deadlineDays: 180, confirmed: false },
  FR: { operator: 'FDJ', steps: ['identity document', 'original ticket'], deadlineDays: 60, confirmed: false },
};
const FALLBACK: OperatorClaimTerms = { operator: 'the operator', steps: ['identity document', 'original ticket'], deadlineDays: 60, confirmed: false };

export const operatorTermsOf = (productCode: string): OperatorClaimTerms => BY_COUNTRY[productCode.slice(0, 2).toUpperCase()] ?? FALLBACK;
