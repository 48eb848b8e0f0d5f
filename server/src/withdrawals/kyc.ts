import crypto from 'node:crypto';
import { MINIMUM_AGE, type KycBody, type KycDecisionBody, type KycReviewItem, type KycState, type KycStatus } from '@gp/common';
import type { Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import type { FileStorage } from '../platform/storage.ts';
import { sniffDocument, sniffImage, type UploadedFile } from '../platform/upload.ts';
import { recordAudit, ROLLING_DAY_MS, type StaffActor } from '../staff/service.ts';
import { kycRepo } from './kyc-repo.ts';

export type KycFile = 'document' | 'selfie';
type SubmissionRow = NonNullable<Awaited<ReturnType<typeof kycRepo.find>>>;

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';
const last4 = (accountNumber: string) => accountNumber.slice(-4);
/** Where the reader fetches a submission's file: never the storage key itself. */
const fileUrl = (id: number, which: KycFile) => `/api/admin/kyc/${id}/${which}`;

/** The document may be a photo or a PDF scan; the selfie is a photo. Recognised by their bytes, never the browser's word. */
const documentTypeOf = (file: UploadedFile) => sniffDocument(file.buffer);

export type KycService = ReturnType<typeof createKycService>;

/** At an account's closure (in its transaction): the member's identity files are deleted `retentionDays` from `at`; returns when. */
export async function scheduleKycFileDeletion(trx: Tx, userId: number, at: Date, retentionDays: number) {
  const after = new Date(at.getTime() + retentionDays * 24 * 3600_000);
  const rows = await kycRepo.scheduleFileDeletion(trx, userId, after);
  return rows.length > 0 ? after : null;
}

/**
 * Identity checks before the first withdrawal (issue 33 item 1): a member sends an identity
 * document, a selfie and the bank account in their own name; staff approve, reject with a reason,
 * or ask for another document. The member's state is their newest submission's. At most one waits
 * at a time (a partial unique index), and a member sends at most KYC_DAILY_SUBMISSIONS a rolling day.
 */
export function createKycService(platform: Pick<Platform, 'db' | 'now' | 'config'>, deps: { storage: FileStorage }) {
  const { db, now, config } = platform;

  function present(row: SubmissionRow | undefined): KycStatus {
    if (!row) return { state: 'none', reason: null, submissionId: null, bankCode: null, accountName: null, accountLast4: null, submittedAt: null, reviewedAt: null };
    return {
      state: row.state,
      reason: row.reason,
      submissionId: String(row.id),
      bankCode: row.bank_code,
      accountName: row.account_name,
      accountLast4: last4(row.account_number),
      submittedAt: new Date(row.created_at).toISOString(),
      reviewedAt: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
    };
  }

  async function fileOf(row: SubmissionRow | undefined, which: KycFile) {
    if (!row) throw new AppError('not_found');
    const key = which === 'document' ? row.document_key : row.selfie_key;
    const body = await deps.storage.get(key);
    if (!body) throw new AppError('not_found');
    return { body, contentType: which === 'document' ? row.document_type : row.selfie_type };
  }

  return {
    async status(userId: number): Promise<KycStatus> {
      return present(await kycRepo.latest(db, userId));
    },

    /**
     * Stores both files, then records the submission; if the record is refused (another pending one
     * won a race) the files are removed, so no stored file is without its row.
     */
    async submit(userId: number, body: KycBody, files: Partial<Record<KycFile, UploadedFile>>): Promise<KycStatus> {
      const { document, selfie } = files;
      const documentType = document ? documentTypeOf(document) : undefined;
      const selfieType = selfie ? sniffImage(selfie.buffer) : undefined;
      if (!document || !selfie) throw new AppError('validation_failed', { fields: { ...(document ? {} : { document: 'required' }), ...(selfie ? {} : { selfie: 'required' }) } });
      if (!documentType || !selfieType || document.size > config.KYC_MAX_BYTES || selfie.size > config.KYC_MAX_BYTES) throw new AppError('upload_invalid');
      const at = now();
      if ((await kycRepo.latest(db, userId))?.state === 'pending') throw new AppError('kyc_pending');
      if ((await kycRepo.countSince(db, userId, new Date(at.getTime() - ROLLING_DAY_MS))) >= config.KYC_DAILY_SUBMISSIONS) {
        throw new AppError('rate_limited', { details: { retryAfter: 3600 } });
      }
      const month = at.toISOString().slice(0, 7);
      const keyOf = (which: KycFile, ext: string) => `kyc/${month}/${userId}-${which}-${crypto.randomBytes(8).toString('hex')}.${ext}`;
      const documentKey = keyOf('document', documentType.ext);
      const selfieKey = keyOf('selfie', selfieType.ext);
      await deps.storage.put(documentKey, document.buffer, documentType.type);
      try {
        await deps.storage.put(selfieKey, selfie.buffer, selfieType.type);
        await db.transaction().execute((trx) =>
          kycRepo.insert(trx, { userId, documentKey, documentType: documentType.type, selfieKey, selfieType: selfieType.type, ...body, at }),
        );
      } catch (error) {
        await Promise.all([deps.storage.delete(documentKey), deps.storage.delete(selfieKey)]).catch(() => undefined);
        if (isUniqueViolation(error)) throw new AppError('kyc_pending');
        throw error;
      }
      return present(await kycRepo.latest(db, userId));
    },

    /** One of the member's own submissions' files; anyone else's is `not_found`. */
    async memberFile(userId: number, submissionId: number, which: KycFile) {
      const row = await kycRepo.find(db, submissionId);
      return fileOf(row && row.user_id === userId ? row : undefined, which);
    },

    async staffFile(submissionId: number, which: KycFile) {
      return fileOf(await kycRepo.find(db, submissionId), which);
    },

    async queue(state: Exclude<KycState, 'none'>): Promise<KycReviewItem[]> {
      const rows = await kycRepo.queue(db, state, 100);
      return rows.map((row) => ({
        id: String(row.id),
        userId: String(row.user_id),
        memberEmail: row.email,
        birthDate: row.birth_date,
        ageVerified: row.age_verified_at !== null,
        state: row.state,
        accountName: row.account_name,
        accountNumber: row.account_number,
        bankCode: row.bank_code,
        reason: row.reason,
        documentUrl: fileUrl(row.id, 'document'),
        selfieUrl: fileUrl(row.id, 'selfie'),
        submittedAt: new Date(row.created_at).toISOString(),
        reviewedBy: row.reviewed_by === null ? null : String(row.reviewed_by),
        reviewedAt: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
      }));
    },

    /** Staff decide a pending submission, once, audited; never their own (`own_account`). */
    async decide(actor: StaffActor, submissionId: number, { decision, reason }: KycDecisionBody) {
      const row = await kycRepo.find(db, submissionId);
      if (!row) throw new AppError('not_found');
      if (row.user_id === actor.id) throw new AppError('own_account');
      const state = decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'more_needed';
      const decided = await db.transaction().execute(async (trx) => {
        const changed = await kycRepo.decide(trx, submissionId, state, decision === 'approve' ? null : (reason ?? null), actor.id, now());
        if (!changed) return false;
        // Approving confirms the date of birth on the document matches the one given: the age is verified.
        const ageVerified = state === 'approved' && (await kycRepo.verifyAge(trx, row.user_id, now(), MINIMUM_AGE)) !== undefined;
        await recordAudit(
          trx,
          actor,
          { action: `kyc.${state}`, targetType: 'user', targetId: row.user_id, before: { state: 'pending' }, after: { submissionId, state, reason: reason ?? null, ageVerified } },
          now(),
        );
        return true;
      });
      if (!decided) throw new AppError('kyc_decided');
      return present(await kycRepo.find(db, submissionId));
    },

    /**
     * Deletes the identity files due for deletion (an account closed KYC_FILE_RETENTION_DAYS ago,
     * docs/withdrawals.md) through the storage, at most `limit` submissions a run, and records each
     * (`files_deleted_at`). The files go first: a run that fails between the two deletes them again
     * next time (deleting a missing file is not an error), so no file outlives its record.
     */
    async deleteDueFiles(limit = 200) {
      const at = now();
      const due = await kycRepo.filesDue(db, at, limit);
      let deleted = 0;
      for (const row of due) {
        await Promise.all([deps.storage.delete(row.document_key), deps.storage.delete(row.selfie_key)]);
        if (await kycRepo.markFilesDeleted(db, row.id, at)) deleted += 1;
      }
      return { deleted, more: due.length === limit };
    },

    /** The approved bank account a withdrawal pays to: the member's newest submission, when approved. */
    async approvedAccount(userId: number) {
      const row = await kycRepo.latest(db, userId);
      return row?.state === 'approved' ? row : undefined;
    },
  };
}
