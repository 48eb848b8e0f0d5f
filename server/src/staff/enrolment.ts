import crypto from 'node:crypto';
import type { Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import { staffRepo } from './repo.ts';

/**
 * Single-use enrolment links (issue 28). A staff member's first sign-in enrols their authenticator,
 * and the password alone must not be enough for that: whoever learns a password (a default, a
 * leak) would otherwise bind their own authenticator and hold a staff session. So enrolling takes
 * a link issued by `npm run staff` (the first supervisor) or by a supervisor (everyone after),
 * valid STAFF_ENROLMENT_LINK_HOURS and spent by the enrolment it completes.
 *
 * The link is `/admin#enrol=<token>`: the token travels in the fragment, which browsers never send
 * to the server, so it stays out of access logs and Referer headers; the console reads it and
 * sends it with the password. Only a keyed hash of the token is stored.
 */
export const ENROLMENT_FRAGMENT = 'enrol';

export const hashEnrolmentToken = (secret: Uint8Array, token: string) => crypto.createHmac('sha256', secret).update(`enrol:${token}`).digest('hex');

/** The console address of a link, under `origin` (PUBLIC_URL, or the request's own address). */
export const enrolmentUrl = (origin: string, token: string) => `${origin.replace(/\/$/, '')}/admin#${ENROLMENT_FRAGMENT}=${token}`;

/** An invitation (issue 31 item 7): the same single-use link, under its own fragment, where the colleague first chooses a password. */
export const INVITE_FRAGMENT = 'invite';
export const inviteUrl = (origin: string, token: string) => `${origin.replace(/\/$/, '')}/admin#${INVITE_FRAGMENT}=${token}`;

export async function issueEnrolmentLink(
  db: Executor,
  deps: { secret: Uint8Array; config: Pick<Config, 'STAFF_ENROLMENT_LINK_HOURS'> },
  link: { userId: number; issuedBy: number | null; at: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(link.at.getTime() + deps.config.STAFF_ENROLMENT_LINK_HOURS * 3600_000);
  await staffRepo.insertEnrolmentLink(db, { userId: link.userId, tokenHash: hashEnrolmentToken(deps.secret, token), issuedBy: link.issuedBy, createdAt: link.at, expiresAt });
  return { token, expiresAt };
}
