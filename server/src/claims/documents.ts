import crypto from 'node:crypto';
import { CLAIM_DOCUMENT_LIMIT, CLAIM_DOCUMENT_STEPS, type ClaimDocument, type ClaimStep } from '@gp/common';
import type { Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import type { FileStorage } from '../platform/storage.ts';
import { sniffDocument, type UploadedFile } from '../platform/upload.ts';
import { claimDocumentsRepo, type ClaimDocumentRow } from './documents-repo.ts';
import { claimsRepo } from './repo.ts';

const DAY_MS = 86_400_000;
/** Who reads a claim: its member, through their own routes, or staff, through the console's. */
export type ClaimAudience = 'member' | 'staff';

/** The member's file name as shown back: no folders, no control characters, at most 120 characters; ours when none is left. */
function displayName(name: string | undefined, ext: string) {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/\p{Cc}/gu, '').trim().slice(0, 120);
  return base || `document.${ext}`;
}

export const documentsOpenAt = (step: ClaimStep, count: number) => CLAIM_DOCUMENT_STEPS.includes(step) && count < CLAIM_DOCUMENT_LIMIT;

export function presentDocument(row: ClaimDocumentRow, audience: ClaimAudience): ClaimDocument {
  const path = `/claims/${row.claim_id}/documents/${row.id}`;
  return {
    id: String(row.id),
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    uploadedAt: new Date(row.created_at).toISOString(),
    url: row.files_deleted_at ? null : audience === 'staff' ? `/api/admin${path}` : `/api${path}`,
  };
}

/** At an account's closure (in its transaction): the member's claim documents follow the identity files' schedule (KYC_FILE_RETENTION_DAYS). */
export async function scheduleClaimDocumentDeletion(trx: Tx, userId: number, at: Date, retentionDays: number) {
  const after = new Date(at.getTime() + retentionDays * DAY_MS);
  const rows = await claimDocumentsRepo.scheduleFileDeletion(trx, userId, after);
  return rows.length > 0 ? after : null;
}

/**
 * The documents a member sends for their big-win claim (docs/withdrawals.md "Big-win claims"):
 * JPEG, PNG, WebP or PDF by their bytes, at most KYC_MAX_BYTES each, CLAIM_DOCUMENT_LIMIT a claim,
 * only while the claim is at one of CLAIM_DOCUMENT_STEPS. Sending does not move the claim: staff
 * look, then record `documents_received`.
 */
export function createClaimDocuments(platform: Pick<Platform, 'db' | 'now' | 'config'>, storage: FileStorage) {
  const { db, now, config } = platform;

  /** The member's own claim, or `not_found` (another member's claim is as one that does not exist). */
  async function ownClaim(userId: number, claimId: number) {
    const claim = await claimsRepo.byId(db, claimId);
    if (!claim || claim.user_id !== userId) throw new AppError('not_found');
    return claim;
  }

  /** Refusals in the order the member can act on them: the claim's step, then the limit. */
  function assertOpen(step: ClaimStep, count: number) {
    if (!CLAIM_DOCUMENT_STEPS.includes(step)) throw new AppError('claim_documents_closed', { details: { step } });
    if (count >= CLAIM_DOCUMENT_LIMIT) throw new AppError('claim_documents_limit', { details: { limit: CLAIM_DOCUMENT_LIMIT } });
  }

  async function fileOf(row: ClaimDocumentRow | undefined) {
    if (!row || row.files_deleted_at) throw new AppError('not_found');
    const body = await storage.get(row.storage_key);
    if (!body) throw new AppError('not_found');
    return { body, contentType: row.content_type, name: `claim-${row.claim_id}-document-${row.id}` };
  }

  return {
    /**
     * Checks before storing (a refused upload stores nothing), stores the file, then records it under
     * the claim's lock, checking the step and the count again: of parallel uploads past the limit, or
     * one racing staff's `documents_received`, the loser's file is removed, so no stored file is
     * without its row.
     */
    async upload(userId: number, claimId: number, file: UploadedFile | undefined): Promise<ClaimDocument> {
      const claim = await ownClaim(userId, claimId);
      if (!file) throw new AppError('validation_failed', { fields: { document: 'required' } });
      assertOpen(claim.step, await claimDocumentsRepo.count(db, claimId));
      const kind = sniffDocument(file.buffer);
      if (!kind || file.size > config.KYC_MAX_BYTES) throw new AppError('upload_invalid');
      const at = now();
      const key = `claims/${at.toISOString().slice(0, 7)}/${claimId}-${crypto.randomBytes(8).toString('hex')}.${kind.ext}`;
      await storage.put(key, file.buffer, kind.type);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const locked = await claimDocumentsRepo.lockClaim(trx, claimId);
          if (!locked) throw new AppError('not_found');
          assertOpen(locked.step, await claimDocumentsRepo.count(trx, claimId));
          const name = displayName(file.name, kind.ext);
          const { id } = await claimDocumentsRepo.insert(trx, { claimId, userId, name, contentType: kind.type, size: file.size, storageKey: key, at });
          return { id, claim_id: claimId, user_id: userId, name, content_type: kind.type, size: file.size, storage_key: key, created_at: at, files_deleted_at: null };
        });
        return presentDocument(row, 'member');
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
    },

    async memberFile(userId: number, claimId: number, documentId: number) {
      await ownClaim(userId, claimId);
      return fileOf(await claimDocumentsRepo.find(db, claimId, documentId));
    },

    async staffFile(claimId: number, documentId: number) {
      return fileOf(await claimDocumentsRepo.find(db, claimId, documentId));
    },

    /**
     * Deletes the files of documents due for deletion (an account closed KYC_FILE_RETENTION_DAYS ago),
     * at most `limit` a run, files first, then the record (as the identity files: a run that fails
     * between the two deletes again next time).
     */
    async deleteDueFiles(limit = 200) {
      const at = now();
      const due = await claimDocumentsRepo.filesDue(db, at, limit);
      let deleted = 0;
      for (const row of due) {
        await storage.delete(row.storage_key);
        if (await claimDocumentsRepo.markFilesDeleted(db, row.id, at)) deleted += 1;
      }
      return { deleted, more: due.length === limit };
    },
  };
}

export type ClaimDocuments = ReturnType<typeof createClaimDocuments>;
