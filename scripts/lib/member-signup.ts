/**
 * Signing a member up over HTTP the way a person does (issue 29 item 4): the form
 * (`POST /api/auth/signup`, 202 whoever owns the email), the 6-digit code from the email the server
 * sends, then `POST /api/auth/signup/verify` with the code and the password, whose 201 is the
 * account's `{ token, user }` (and its session cookies).
 *
 * One helper for everything that needs a fresh member's token: the server tests
 * (server/test/support/members.ts `signUp`), the browser tests (client/e2e/signup-support.ts) and
 * the bench, load and chaos scripts. The code is read where the server's mail goes, never from a
 * server-side shortcut: a server without SMTP_URL writes each message as an .eml file to its mail
 * folder (DATA_DIR/mail, server/src/mail/transport.ts), and the tests that run an SMTP server read
 * it there (server/test/mail/mail-sink.ts). Production needs SMTP_URL, so nothing here can work
 * against a live deployment's mail.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface SignupForm {
  /** Anything else a test sends along (a field the form must ignore, such as `role`). */
  [field: string]: unknown;
  name: string;
  email: string;
  password: string;
  passwordCheck?: string;
  promoOptIn?: boolean;
  locale?: string;
  /** `YYYY-MM-DD`; ADULT_BIRTH_DATE when left out. */
  birthDate?: string;
}

/** The date of birth a form sends when it names none (issue 32: sign-up asks for one; an adult's). */
export const ADULT_BIRTH_DATE = '1990-01-01';

/** An HTTP answer as the callers' own clients give it. */
export interface Answer<T = any> {
  status: number;
  body: T;
}

/** POSTs JSON to a path of the server (`/api/...`) and answers with its status and parsed body (and whatever else the caller's client gives). */
export type Post<A extends Answer = Answer> = (path: string, body: unknown) => Promise<A>;

/** The code of the newest sign-up code mail to `email` sent at or after `since` (ms since the epoch), once it has arrived. */
export type CodeReader = (email: string, since: number) => Promise<string>;

/**
 * Both steps. A refused form (422, 429) is answered as it came, without a second step; otherwise
 * the verify answer (201 `{ token, user }` once the code is right).
 */
export async function signUpWithCode<A extends Answer>(post: Post<A>, form: SignupForm, readCode: CodeReader): Promise<A> {
  const since = Date.now();
  const started = await post('/api/auth/signup', { passwordCheck: form.password, birthDate: ADULT_BIRTH_DATE, ...form });
  if (started.status !== 202) return started;
  const code = await readCode(String(started.body?.email ?? form.email), since);
  return post('/api/auth/signup/verify', { email: form.email, code, password: form.password });
}

/** `post` over the global fetch against `baseUrl`, with `headers` on every request (X-Forwarded-For in tests). */
export function fetchPost(baseUrl: string, headers: Record<string, string> = {}): Post {
  return async (route, body) => {
    const response = await fetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : text };
  };
}

/** Quoted-printable as nodemailer writes it: soft line breaks, then =XX bytes (UTF-8). */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The code in a sign-up code mail's text (its link: `/auth#email=…&code=123456`). */
export function signupCodeIn(text: string): string | undefined {
  return /\/auth#\S*?\bcode=(\d{6})\b/.exec(text)?.[1];
}

/** A message file's recipient and decoded text (the .eml nodemailer's stream transport writes). */
export function readMessage(file: string): { to: string; text: string } | undefined {
  const raw = fs.readFileSync(file, 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  if (split < 0) return undefined;
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const to = /^To: (.*)$/im.exec(head)?.[1]?.trim().replace(/^.*<(.*)>$/, '$1') ?? '';
  const text = /Content-Transfer-Encoding: quoted-printable/i.test(head)
    ? decodeQuotedPrintable(body)
    : /Content-Transfer-Encoding: base64/i.test(head)
      ? Buffer.from(body, 'base64').toString('utf8')
      : body;
  return { to: to.toLowerCase(), text };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads codes from a server's mail folder (its MAIL_DIR, else DATA_DIR/mail), where the mail job
 * writes `signup-code-<request>.eml`. Waits up to `timeoutMs` for the mail (the outbox, the
 * sign-up job and the mail job come first).
 */
export function mailFolderCodes(folder: string, timeoutMs = 30_000): CodeReader {
  return async (email, since) => {
    const deadline = Date.now() + timeoutMs;
    const wanted = email.toLowerCase();
    for (;;) {
      let newest: { at: number; code: string } | undefined;
      const names = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.startsWith('signup-code-') && name.endsWith('.eml')) : [];
      for (const name of names) {
        const file = path.join(folder, name);
        try {
          // Written within the same second as the request at the earliest (file times may be rounded down).
          const at = fs.statSync(file).mtimeMs;
          if (at < since - 1000 || (newest && at <= newest.at)) continue;
          const message = readMessage(file);
          const code = message?.to === wanted ? signupCodeIn(message.text) : undefined;
          if (code) newest = { at, code };
        } catch {
          // Pruned or half-written while we looked: the next round sees it whole, or not at all.
        }
      }
      if (newest) return newest.code;
      if (Date.now() > deadline) throw new Error(`no sign-up code mail to ${email} in ${folder} within ${timeoutMs} ms`);
      await sleep(50);
    }
  };
}
