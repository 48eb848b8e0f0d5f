import fs from 'node:fs';
import path from 'node:path';
import { emailRegistered, type AuthService } from '../auth/service.ts';
import type { Platform } from '../platform/platform.ts';
import { secretFileAt, secretsFolder, writeSecretFile } from '../platform/secrets.ts';
import type { PinService } from '../pins/service.ts';
import type { StaffService } from '../staff/service.ts';
import { walletService } from '../wallet/service.ts';

export const DEMO_MEMBER = { name: 'Demo Member', email: 'demo@example.com', password: 'demo-pass-2026' };
const DEMO_BALANCE = 50_000; // 500.00 GP
const DEMO_TRIAL_BALANCE = 100_000; // 1,000.00 trial points
const DEMO_PIN_POINTS = 10_000; // 100.00 GP each

export interface DemoData {
  /** `enrolmentToken`: the single-use link's token that enrols the seeded supervisor's authenticator, until they have. */
  operator: { email: string; password: string; enrolmentToken: string | null };
  member: typeof DEMO_MEMBER;
  pins: string[];
}

/**
 * Seeds what a newcomer needs to try the platform: the operator account (from config), a demo
 * member with real and trial points, and a few PIN codes. Idempotent: runs on every start and only
 * creates what is missing. The demo PINs are written to DATA_DIR/secrets/demo-pins.txt (their only copy; 0600).
 * Until the operator has enrolled an authenticator, each start issues them a fresh single-use
 * enrolment link, written to DATA_DIR/secrets/demo-enrolment-link.txt (0600) and printed (the
 * password alone does not enrol). Never in production: the server refuses to start with SEED_DEMO
 * there (platform/production-readiness.ts).
 */
export async function seedDemo(platform: Platform, services: { auth: AuthService; pins: PinService; staff: StaffService }): Promise<DemoData> {
  const { config, db } = platform;
  await services.auth.ensureOperator();
  await services.staff.promoteSeededOperator(config.OPERATOR_EMAIL); // the seeded operator is the first supervisor (issue 13)
  const pinsFile = secretFileAt(path.join(secretsFolder(config.DATA_DIR), 'demo-pins.txt'), path.resolve(config.DATA_DIR, 'demo-pins.txt'));
  if (!(await emailRegistered(db, DEMO_MEMBER.email))) {
    // An adult's date of birth (issue 32): without one the demo member could not deposit or play.
    const { user } = await services.auth.createAccount({ ...DEMO_MEMBER, promoOptIn: false, locale: 'zh-TW', birthDate: '1990-01-01' });
    await db.transaction().execute(async (trx) => {
      const userId = Number(user.id); // `user` is the sign-up's answer: the id as its JSON text
      const grant = { userId, kind: 'adjustment' as const, refType: 'demo-seed' };
      await walletService.credit(trx, { ...grant, refId: userId, account: 'real', amount: DEMO_BALANCE });
      // Sign-up already granted TRIAL_POINTS_ON_SIGNUP: top the trial account up to the demo amount.
      const trialTopUp = DEMO_TRIAL_BALANCE - config.TRIAL_POINTS_ON_SIGNUP;
      if (trialTopUp > 0) await walletService.credit(trx, { ...grant, refId: `${userId}:trial`, account: 'trial', amount: trialTopUp });
    });
    const batch = await services.pins.createBatch({ count: 3, points: DEMO_PIN_POINTS });
    writeSecretFile(pinsFile, `${batch.codes.join('\n')}\n`);
  }
  const pins = fs.existsSync(pinsFile) ? fs.readFileSync(pinsFile, 'utf8').split('\n').filter(Boolean) : [];
  const link = await services.staff.demoEnrolmentLink(config.OPERATOR_EMAIL);
  const linkFile = path.join(secretsFolder(config.DATA_DIR), 'demo-enrolment-link.txt');
  if (link) writeSecretFile(linkFile, `${link.token}\n`);
  else fs.rmSync(linkFile, { force: true });
  return { operator: { email: config.OPERATOR_EMAIL, password: config.OPERATOR_PASSWORD, enrolmentToken: link?.token ?? null }, member: DEMO_MEMBER, pins };
}
