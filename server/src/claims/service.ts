import { CLAIM_STEPS, type AdminClaim, type Claim, type ClaimStep, type ClaimStepBody } from '@gp/common';
import type { Tx } from '../db/database.ts';
import { writeInboxMessages } from '../inbox/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import type { FileStorage } from '../platform/storage.ts';
import type { UploadedFile } from '../platform/upload.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { claimDocumentsRepo } from './documents-repo.ts';
import { createClaimDocuments, documentsOpenAt, presentDocument, type ClaimAudience } from './documents.ts';
import { operatorTermsOf } from './operator-terms.ts';
import { claimsRepo, type ClaimRow } from './repo.ts';

export { scheduleClaimDocumentDeletion } from './documents.ts';

type ClaimPlatform = Pick<Platform, 'db' | 'outbox' | 'now' | 'config'>;
const DAY_MS = 86_400_000;

/** The member's inbox message of one step: one per claim and step (its cause), in the step's own transaction. */
const stepMessage = (platform: ClaimPlatform, trx: Tx, claim: { id: number; userId: number; orderId: number }, step: ClaimStep) =>
  writeInboxMessages(platform, trx, [
    { userId: claim.userId, kind: 'claim_step', cause: `claim-${claim.id}-${step}`, params: { claimId: String(claim.id), orderId: String(claim.orderId), step }, link: `/claims/${claim.id}` },
  ]);

/**
 * Opens the claim of a win settlement holds above LARGE_WIN_POINTS, in settlement's transaction:
 * once per order however often settlement runs (the unique order), never for a trial order; the
 * member is told ("win confirmed") by the same transaction.
 */
export async function openClaim(platform: ClaimPlatform, trx: Tx, orderId: number, points: number) {
  const at = platform.now();
  const opened = await claimsRepo.open(trx, orderId, points, at);
  if (!opened) return;
  await claimsRepo.recordStep(trx, opened.id, 'win_confirmed', null, null, at);
  await stepMessage(platform, trx, { id: opened.id, userId: opened.user_id, orderId }, 'win_confirmed');
}

/**
 * The large-win release credits the prize (settlement's transaction): the order's claim, if any,
 * becomes `credited`, once. Four eyes: the supervisor releasing it is not the one who recorded the
 * prize as received from the operator (`approval_required`).
 */
export async function creditClaim(platform: ClaimPlatform, trx: Tx, orderId: number, releasedBy: number) {
  const claim = await claimsRepo.byOrderForUpdate(trx, orderId);
  if (!claim || claim.step === 'credited') return;
  const claimId = claim.id;
  const received = (await claimsRepo.steps(trx, [claimId])).find((s) => s.step === 'prize_received');
  if (received && received.by === releasedBy) throw new AppError('approval_required');
  const at = platform.now();
  if (!(await claimsRepo.advance(trx, claimId, claim.step, 'credited', at))) return;
  await claimsRepo.recordStep(trx, claimId, 'credited', releasedBy, null, at);
  await stepMessage(platform, trx, { id: claimId, userId: claim.user_id, orderId: claim.order_id }, 'credited');
}

export type ClaimService = ReturnType<typeof createClaimService>;

/** Big-win claims (issue 33 item 4; docs/back-office.md): the member follows, staff record each step once. */
export function createClaimService(platform: ClaimPlatform, deps: { storage: FileStorage }) {
  const { db, now, outbox } = platform;
  const documents = createClaimDocuments(platform, deps.storage);

  async function present(rows: readonly ClaimRow[], audience: ClaimAudience): Promise<AdminClaim[]> {
    const ids = rows.map((r) => r.id);
    const [steps, files] = await Promise.all([claimsRepo.steps(db, ids), claimDocumentsRepo.ofClaims(db, ids)]);
    return rows.map((row) => {
      const terms = operatorTermsOf(row.product_code);
      const openedAt = new Date(row.opened_at);
      const own = files.filter((f) => f.claim_id === row.id);
      return {
        id: String(row.id),
        orderId: String(row.order_id),
        productCode: row.product_code,
        points: Number(row.points),
        step: row.step,
        ticketRef: row.ticket_ref,
        timeline: steps
          .filter((s) => s.claim_id === row.id)
          .sort((a, b) => CLAIM_STEPS.indexOf(a.step) - CLAIM_STEPS.indexOf(b.step))
          .map((s) => ({ step: s.step, at: new Date(s.at).toISOString(), note: s.note })),
        operatorTerms: terms,
        claimBy: new Date(openedAt.getTime() + terms.deadlineDays * DAY_MS).toISOString(),
        openedAt: openedAt.toISOString(),
        documents: own.map((f) => presentDocument(f, audience)),
        documentsOpen: documentsOpenAt(row.step, own.length),
        userId: String(row.user_id),
        memberEmail: row.email,
      };
    });
  }
  const forMember = ({ userId: _u, memberEmail: _e, ...claim }: AdminClaim): Claim => claim;

  return {
    async list(userId: number): Promise<Claim[]> {
      return (await present(await claimsRepo.ofMember(db, userId, 100), 'member')).map(forMember);
    },

    /** The member's own claim; another's is `not_found`, as one that does not exist. */
    async get(userId: number, id: number): Promise<Claim> {
      const row = await claimsRepo.byId(db, id);
      if (!row || row.user_id !== userId) throw new AppError('not_found');
      return forMember((await present([row], 'member'))[0]!);
    },

    async staffList(step?: ClaimStep): Promise<AdminClaim[]> {
      return present(await claimsRepo.forStaff(db, step, 200), 'staff');
    },

    /**
     * Staff record the next step, once: only the step after the current one (`claim_step`
     * otherwise, also for the loser of two racing clicks), never on their own claim
     * (`own_account`); audited, and the member's inbox told in the same transaction.
     */
    async step(actor: StaffActor, id: number, body: ClaimStepBody): Promise<AdminClaim> {
      const found = await claimsRepo.byId(db, id);
      if (!found) throw new AppError('not_found');
      if (found.user_id === actor.id) throw new AppError('own_account');
      const from = CLAIM_STEPS[CLAIM_STEPS.indexOf(body.step) - 1]!;
      await db.transaction().execute(async (trx) => {
        const at = now();
        const moved = await claimsRepo.advance(trx, id, from, body.step, at);
        if (!moved || !(await claimsRepo.recordStep(trx, id, body.step, actor.id, body.note ?? null, at))) throw new AppError('claim_step', { details: { step: found.step } });
        await recordAudit(trx, actor, { action: 'claim.step', targetType: 'claim', targetId: id, before: { step: from }, after: { step: body.step, note: body.note ?? null } }, at);
        await stepMessage(platform, trx, { id, userId: found.user_id, orderId: found.order_id }, body.step);
      });
      outbox.kick();
      return (await present([(await claimsRepo.byId(db, id))!], 'staff'))[0]!;
    },

    /** The member sends a document for their own claim (documents.ts says when and how many). */
    uploadDocument: (userId: number, claimId: number, file: UploadedFile | undefined) => documents.upload(userId, claimId, file),
    memberDocument: (userId: number, claimId: number, documentId: number) => documents.memberFile(userId, claimId, documentId),
    staffDocument: (claimId: number, documentId: number) => documents.staffFile(claimId, documentId),
    /** The hourly `kyc-files` job: claim documents of closed accounts, on the identity files' schedule. */
    deleteDueDocuments: (limit?: number) => documents.deleteDueFiles(limit),
  };
}
