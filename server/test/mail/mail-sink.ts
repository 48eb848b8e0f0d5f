import { SMTPServer } from 'smtp-server';
import { decodeQuotedPrintable, signupCodeIn, type CodeReader } from '../../../scripts/lib/member-signup.ts';
import { eventually } from '../support/wait.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package): the server under test is
 * pointed at it with SMTP_URL and sends through nodemailer's SMTP transport, as in production.
 */
export async function startMailSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.search(/\r?\n\r?\n/);
        const head = raw.slice(0, split);
        const body = raw.slice(split).trim();
        const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
        const subject = subjectLine
          .replace(/\r?\n[ \t]/g, '')
          .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')))
          .replace(/=\?UTF-8\?B\?(.*?)\?=\s*/gi, (_m, b: string) => Buffer.from(b, 'base64').toString('utf8'));
        const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
        const b64 = /Content-Transfer-Encoding: base64/i.test(head);
        const text = qp ? decodeQuotedPrintable(body) : b64 ? Buffer.from(body, 'base64').toString('utf8') : body;
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text, at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The newest mail to `address` matching `pattern`, once it has arrived. */
    async mailTo(address: string, pattern: RegExp = /./) {
      return eventually(`a mail to ${address} matching ${pattern}`, () =>
        [...received].reverse().find((mail) => mail.to.includes(address) && pattern.test(mail.text)),
      );
    },
    /** Sign-up codes as they arrive here (for `signUp` of server/test/support/members.ts). */
    signupCodes: (): CodeReader => (email, since) =>
      eventually(`a sign-up code mail to ${email}`, () => {
        const mail = [...received].reverse().find((m) => m.at >= since && m.to.includes(email) && signupCodeIn(m.text));
        return mail && signupCodeIn(mail.text);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `token` query parameter of the first link in a mail that goes to `page`. */
export function tokenOf(mail: ReceivedMail, page: string): string {
  const link = new RegExp(`https?://\\S+${page}\\?token=([\\w-]+)`).exec(mail.text);
  if (!link) throw new Error(`no ${page} link in: ${mail.text}`);
  return link[1]!;
}
