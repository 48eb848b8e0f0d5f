import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../platform/logger.ts';
import { writeSecretFile } from '../platform/secrets.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Newest messages kept in the local mail folder; older ones are removed as new ones arrive. */
const KEEP_FILES = 500;

/** Where the embedded default keeps outgoing mail (MAIL_DIR, else DATA_DIR/mail). */
export const mailFolder = (config: Pick<Config, 'MAIL_DIR' | 'DATA_DIR'>) => path.resolve(config.MAIL_DIR ?? path.join(config.DATA_DIR, 'mail'));

/**
 * How mail leaves: nodemailer's SMTP transport when SMTP_URL is set; otherwise (the embedded
 * default) each message is written as an .eml file to the mail folder, which `npm start` prints, so
 * a demo's password-reset link can be opened without any mail server.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_DIR' | 'DATA_DIR' | 'MAIL_FROM'>, logger: Logger) {
  const smtp = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  const files = smtp ? undefined : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = mailFolder(config);

  function prune() {
    const names = fs.readdirSync(folder).filter((name) => name.endsWith('.eml'));
    if (names.length <= KEEP_FILES) return;
    const byAge = names.map((name) => ({ name, at: fs.statSync(path.join(folder, name)).mtimeMs })).sort((a, b) => a.at - b.at);
    for (const { name } of byAge.slice(0, names.length - KEEP_FILES)) fs.rmSync(path.join(folder, name), { force: true });
  }

  return {
    /** `smtp` or the folder's path, for the start-up banner. */
    describe: () => (smtp ? 'smtp' : folder),
    async send(mail: OutgoingMail, id: string): Promise<void> {
      const message = { from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, messageId: `<${id}@gpoints.local>` };
      if (smtp) {
        await smtp.sendMail(message);
        return;
      }
      const info = await files!.sendMail(message);
      // Named by the mail's own id, so a retried send overwrites rather than duplicates. A mail may
      // hold a live reset link: 0600 in a 0700 folder (issue 29 item 7).
      const file = path.join(folder, `${id.replace(/[^\w-]/g, '_')}.eml`);
      writeSecretFile(file, info.message as Buffer);
      prune();
      logger.info({ to: mail.to, file }, 'mail written to the local mail folder');
    },
    close: () => smtp?.close(),
  };
}

export type Mailer = ReturnType<typeof createMailer>;
