import crypto from 'node:crypto';
import type { KycBody, KycDecisionBody, KycReviewItem, KycState, KycStatus } from '@gp/common';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import type { FileStorage } from '../platform/storage.ts';
import { isPdf, sniffImage, type UploadedFile } from '../platform/upload.ts';
import { recordAudit, ROLLING_DAY_MS, type StaffActor } from '../staff/service.ts';
import { kycRepo } from './kyc-repo.ts';

export type KycFile = 'document' | 'selfie';
type SubmissionRow = NonNullable<Awaited<ReturnType<typeof kycRepo.find>>>;

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';
const last4 = (accountNumber: string) => accountNumber.slice(-4);
/** Where the reader fetches a submission's file: never the storage key itself. */
const fileUrl = (id: number, which: KycFile) => `/api/admin/kyc/${id}/${which}`;

/** The document may be a photo or a PDF scan; the selfie is a photo. Recognised by their bytes, never the browser's word. */
function documentTypeOf(file: UploadedFile) {
  const image = sniffImage(file.buffer);
  if (image) return image;
  return isPdf(file.buffer) ? { type: 'application/pdf', ext: 'pdf' } : undefined;
}

export type KycService = ReturnType<typeof createKycService>;

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
        await recordAudit(trx, actor, { action: `kyc.${state}`, targetType: 'user', targetId: row.user_id, before: { state: 'pending' }, after: { submissionId, state, reason: reason ?? null } }, now());
        return true;
      });
      if (!decided) throw new AppError('kyc_decided');
      return present(await kycRepo.find(db, submissionId));
    },

    /** The approved bank account a withdrawal pays to: the member's newest submission, when approved. */
    async approvedAccount(userId: number) {
      const row = await kycRepo.latest(db, userId);
      return row?.state === 'approved' ? row : undefined;
    },
  };
}
