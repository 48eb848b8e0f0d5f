import { z } from 'zod';
import { newPassword, STAFF_ROLES, userSchema } from './auth.ts';
import { requestId as id, requiredText } from './fields.ts';

/**
 * The back-office console (issue 13): staff sign-in with TOTP, the order queue, the audit log,
 * four-eyes results. Wire shapes shared by the server's routes and the console.
 */

const email = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(254, { error: 'invalid' }).transform((v) => v.toLowerCase());
/** A 6-digit TOTP code, or a recovery code (`XXXX-XXXX-XXXX`, dashes and case forgiven). */
const secondFactor = z.string({ error: 'required' }).trim().min(6, { error: 'required' }).max(20, { error: 'invalid' });

/**
 * Step 1: email and password. Answers a short-lived challenge (and, on first sign-in, the TOTP to
 * enrol: only with `enrolment`, the token of the single-use link the staff member was given).
 */
export const staffLoginBody = z.object({
  email,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'invalid' }),
  enrolment: z.string({ error: 'invalid' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'invalid' }).optional(),
});
export type StaffLoginBody = z.input<typeof staffLoginBody>;

export const staffChallenge = z.object({
  challenge: z.string(),
  /** Present on the first sign-in: scan the QR (or type the secret) into an authenticator app. */
  enrol: z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }).optional(),
});
export type StaffChallenge = z.infer<typeof staffChallenge>;

/** Step 2: the challenge and a TOTP code (or a recovery code). */
export const staffVerifyBody = z.object({ challenge: z.string({ error: 'required' }).min(1, { error: 'required' }).max(2000, { error: 'invalid' }), code: secondFactor });
export type StaffVerifyBody = z.input<typeof staffVerifyBody>;

export const staffSession = z.object({
  token: z.string(),
  user: userSchema,
  expiresAt: z.string(),
  /** Only right after enrolment: shown once, stored only as hashes. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type StaffSession = z.infer<typeof staffSession>;

export const staffRoleBody = z.object({ role: z.enum(['member', ...STAFF_ROLES], { error: 'invalid' }) });

/** `active`: not deactivated; `passwordSet`: false while an invited colleague has not opened their link yet. */
export const staffMember = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), enrolled: z.boolean(), active: z.boolean(), passwordSet: z.boolean() });

/** A supervisor invites a colleague (issue 31 item 7): a new staff account, and a single-use link to set its password and enrol TOTP. */
export const staffInviteBody = z.object({ email: email.pipe(z.email({ error: 'email_invalid' })), name: requiredText(100), role: z.enum(STAFF_ROLES, { error: 'invalid' }) });
export type StaffInviteBody = z.input<typeof staffInviteBody>;
export const staffInviteSchema = z.object({ userId: z.string(), url: z.string(), expiresAt: z.string() });
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** The invited colleague, from their link (`/admin#invite=<token>`): the password they choose; the answer is the TOTP enrolment step. */
export const staffAcceptInviteBody = z.object({
  invite: z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'invalid' }),
  password: newPassword,
});
export type StaffMember = z.infer<typeof staffMember>;

/** Audit log filters; `before` pages backwards by id. */
export const auditQuery = z.object({
  actorId: id.optional(),
  action: z.string().trim().max(60, { error: 'invalid' }).optional(),
  targetType: z.string().trim().max(40, { error: 'invalid' }).optional(),
  targetId: z.string().trim().max(40, { error: 'invalid' }).optional(),
  before: id.optional(),
  limit: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(200, { error: 'invalid' }).default(50),
});
export type AuditQuery = z.output<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  /** The actor's name, beside their id (null for the system). */
  actorName: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The kinds of work the queue holds; sources register under one of these (C's large wins, F's held deposits). */
export const QUEUE_KINDS = ['manual_purchase', 'purchase_in_doubt', 'bought_after_refund', 'large_win', 'held_deposit', 'result_conflict', 'reconciliation_mismatch', 'aml_flag'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

export const queueItem = z.object({
  /** `order:<id>`, `flag:<id>`, `deposit:<id>`, `result_conflict:<id>`: the claim's key. */
  key: z.string(),
  kind: z.enum(QUEUE_KINDS),
  orderId: z.string().nullable(),
  productCode: z.string().nullable(),
  issue: z.string().nullable(),
  member: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  lines: z.number().int().nullable(),
  amount: z.number().int(),
  createdAt: z.string(),
  /** The sales cut-off (null when the item has none): the queue's order. */
  deadline: z.string().nullable(),
  claim: z.object({ by: z.string(), byName: z.string(), until: z.string(), mine: z.boolean() }).nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type QueueItem = z.infer<typeof queueItem>;

export const queueQuery = z.object({
  kind: z.enum(QUEUE_KINDS, { error: 'invalid' }).optional(),
  productCode: z.string().trim().max(10, { error: 'invalid' }).optional(),
  /** `free`: nobody's; `mine`: claimed by me. */
  claim: z.enum(['free', 'mine', 'any'], { error: 'invalid' }).default('any'),
});
export type QueueQuery = z.output<typeof queueQuery>;

export const queueFigures = z.object({
  ordersPerMinute: z.number(),
  waiting: z.number().int(),
  oldestWaitSeconds: z.number().int().nullable(),
  failingPurchases: z.number().int(),
  settlementLag: z.array(z.object({ productCode: z.string(), issue: z.string(), lagSeconds: z.number().int() })),
});
export type QueueFigures = z.infer<typeof queueFigures>;

export const queueResponse = z.object({ items: z.array(queueItem), figures: queueFigures, leaseSeconds: z.number().int() });
export type QueueResponse = z.infer<typeof queueResponse>;

export const claimBody = z.object({ key: z.string({ error: 'required' }).trim().regex(/^[a-z_]+:[1-9]\d{0,17}$/, { error: 'invalid' }) });

export const ticketRef = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'invalid' });
/** Multipart fields of a confirmation (the scan is the `scan` file part). */
export const queueConfirmBody = z.object({ ticketRef });
export const queueFailBody = z.object({ reason: requiredText(300) });
export const bulkConfirmBody = z.object({
  items: z.array(z.object({ orderId: id, ticketRef }), { error: 'required' }).min(1, { error: 'required' }).max(100, { error: 'invalid' }),
});
export type BulkConfirmBody = z.input<typeof bulkConfirmBody>;

export const savedViewBody = z.object({ name: requiredText(60), filters: queueQuery });

/** Adjustments awaiting a supervisor (amount above ADJUSTMENT_APPROVAL_POINTS). */
export const adjustmentDecisionBody = z.object({ approve: z.boolean({ error: 'required' }) });
export const pendingAdjustment = z.object({
  id: z.string(),
  userId: z.string(),
  memberEmail: z.string(),
  operatorId: z.string().nullable(),
  account: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type PendingAdjustment = z.infer<typeof pendingAdjustment>;

/** Four-eyes results: each staff member enters the result on their own. */
export const resultEntryBody = z.object({
  targetType: z.enum(['keno_draw', 'football_event', 'lottery_draw'], { error: 'invalid' }),
  targetId: id,
  /** Keno: `{ numbers: [...] }`; football: the football result body; a draw lottery: `{ zones, extra, multiplier }`. */
  result: z.record(z.string(), z.unknown(), { error: 'required' }),
});
export type ResultEntryBody = z.input<typeof resultEntryBody>;
export const resultEntryResponse = z.object({
  state: z.enum(['waiting_second', 'published', 'mismatch']),
  /** Each entry with who made it (id and name). */
  entries: z.array(z.object({ staffId: z.string(), staffName: z.string(), result: z.unknown(), at: z.string() })),
});
export type ResultEntryResponse = z.infer<typeof resultEntryResponse>;

/** Members: search by email, name or order id. */
export const memberSearchQuery = z.object({ q: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'invalid' }) });
export const memberLockBody = z.object({ locked: z.boolean({ error: 'required' }), reason: requiredText(200) });

/** A single-use enrolment link a supervisor issued (POST /api/admin/staff/:id/enrolment-link): shown once. */
export const enrolmentLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type EnrolmentLink = z.infer<typeof enrolmentLinkSchema>;
