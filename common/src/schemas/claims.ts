import { z } from 'zod';

/**
 * Big-win claims (issue 33 item 4): a draw-lottery win above LARGE_WIN_POINTS is claimed from the
 * operator with the ticket we hold; the member follows each step. docs/back-office.md tells the flow.
 */
export const CLAIM_STEPS = ['win_confirmed', 'documents_requested', 'documents_received', 'ticket_presented', 'prize_received', 'credited'] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];

/** The steps staff record by hand, in order; `win_confirmed` opens the claim and `credited` is the large-win release (four eyes). */
export const CLAIM_STAFF_STEPS = ['documents_requested', 'documents_received', 'ticket_presented', 'prize_received'] as const;

export const claimStepBody = z.object({
  step: z.enum(CLAIM_STAFF_STEPS, { error: 'invalid' }),
  note: z.string().trim().max(500, { error: 'invalid' }).optional(),
});
export type ClaimStepBody = z.infer<typeof claimStepBody>;

/** What an operator may ask of a prize claimant: codes, so every language names them (`claims.requirement.<code>`). */
export const CLAIM_REQUIREMENTS = ['identity_document', 'original_ticket', 'signed_ticket', 'claim_form', 'tax_form', 'bank_account'] as const;
export type ClaimRequirement = (typeof CLAIM_REQUIREMENTS)[number];

/**
 * What the operator asks of a claimant, per product. `operator`: the operator's own name, or null where
 * it depends on where the ticket was bought (the page says so in the member's language).
 * `confirmed: false`: our configuration, not yet checked with the operator (shown as such).
 */
export interface OperatorClaimTerms {
  operator: string | null;
  steps: ClaimRequirement[];
  deadlineDays: number;
  confirmed: boolean;
}

/**
 * The steps at which the member may send documents: from the claim's opening (the operator's terms
 * say what is needed, so nobody waits for the request) until staff record them received.
 */
export const CLAIM_DOCUMENT_STEPS: readonly ClaimStep[] = ['win_confirmed', 'documents_requested'];
/** Most documents one claim holds (`claim_documents_limit` past it). */
export const CLAIM_DOCUMENT_LIMIT = 10;
/** Document kinds a claim takes, recognised by their bytes. */
export const CLAIM_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export interface ClaimDocument {
  id: string;
  /** The member's own file name, as sent (shortened). */
  name: string;
  /** Its real type, one of CLAIM_DOCUMENT_TYPES. */
  contentType: string;
  /** Bytes. */
  size: number;
  uploadedAt: string;
  /** Where the reader opens it (the member's or staff's route); null once deleted after the account closed. */
  url: string | null;
}

export interface ClaimTimelineEntry {
  step: ClaimStep;
  at: string;
  note: string | null;
}

export interface Claim {
  id: string;
  orderId: string;
  productCode: string;
  /** GP hundredths held for the back office. */
  points: number;
  step: ClaimStep;
  /** The purchase's reference of the ticket in our custody (null until it was bought with one). */
  ticketRef: string | null;
  /** The steps done, oldest first; the ones still to come are CLAIM_STEPS after `step`. */
  timeline: ClaimTimelineEntry[];
  operatorTerms: OperatorClaimTerms;
  /** The operator's last day to claim (opened + deadlineDays), ISO date-time. */
  claimBy: string;
  openedAt: string;
  /** What the member sent, oldest first (at most CLAIM_DOCUMENT_LIMIT). */
  documents: ClaimDocument[];
  /** Whether the member may send a document now (the step is one of CLAIM_DOCUMENT_STEPS and the limit not reached). */
  documentsOpen: boolean;
}

export interface AdminClaim extends Claim {
  userId: string;
  memberEmail: string;
}

export const claimsQuery = z.object({ step: z.enum(CLAIM_STEPS, { error: 'invalid' }).optional() });
