import type { OperatorClaimTerms } from '@gp/common';

/**
 * What each operator asks of a prize claimant, by the product code's country. None of it is from
 * the operators' own pages yet (the team's reference notes have no claim rules for these lotteries):
 * every entry is our configuration, `confirmed: false`, and the member's page says so. Replace an
 * entry and set `confirmed` only with the operator's published rules in hand (docs/back-office.md).
 */
const BY_COUNTRY: Record<string, OperatorClaimTerms> = {
  TW: { operator: 'Taiwan Lottery (台灣彩券)', steps: ['identity_document', 'original_ticket', 'bank_account'], deadlineDays: 90, confirmed: false },
  HK: { operator: 'HKJC Lotteries', steps: ['identity_document', 'original_ticket'], deadlineDays: 60, confirmed: false },
  JP: { operator: 'Takarakuji (みずほ銀行)', steps: ['identity_document', 'original_ticket', 'claim_form'], deadlineDays: 365, confirmed: false },
  AU: { operator: 'The Lott', steps: ['identity_document', 'original_ticket', 'claim_form'], deadlineDays: 365, confirmed: false },
  US: { operator: null, steps: ['identity_document', 'signed_ticket', 'claim_form', 'tax_form'], deadlineDays: 180, confirmed: false },
  FR: { operator: 'FDJ', steps: ['identity_document', 'original_ticket'], deadlineDays: 60, confirmed: false },
};
const FALLBACK: OperatorClaimTerms = { operator: null, steps: ['identity_document', 'original_ticket'], deadlineDays: 60, confirmed: false };

export const operatorTermsOf = (productCode: string): OperatorClaimTerms => BY_COUNTRY[productCode.slice(0, 2).toUpperCase()] ?? FALLBACK;
