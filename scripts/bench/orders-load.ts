/**
 * The client side of `npm run bench:orders`: members signed up and topped up through operator
 * PINs, then `POST /api/orders` in a closed loop — a fixed number of requests always in flight,
 * each a 3-unit CAB01 ticket (one 3-star pick at multiplier 3, 300 GP hundredths) with its own
 * Idempotency-Key — over keep-alive connections (one undici Agent with a connection per request
 * in flight). Every answer's latency is recorded; 201s and errors are counted by code.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { sleep } from '../chaos/procs.ts';
import { mailFolderCodes, signUpWithCode } from '../lib/member-signup.ts';
import { PRODUCT } from './orders-platform.ts';

const POOL_SIZE = 80; // CAB01 draws 20 of 1–80

export interface Http {
  agent: Agent;
  call<T>(method: string, route: string, options?: { body?: unknown; token?: string; key?: string; signal?: AbortSignal }): Promise<{ status: number; json: T | null }>;
  close(): Promise<void>;
}

export function httpClient(url: string, connections: number): Http {
  // One connection per request in flight (plus a few for the set-up calls), kept alive throughout.
  const agent = new Agent({ connections, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 120_000, pipelining: 1 });
  return {
    agent,
    async call<T>(method: string, route: string, options: { body?: unknown; token?: string; key?: string; signal?: AbortSignal } = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.key) headers['idempotency-key'] = options.key;
      const response = await request(`${url}/api${route}`, {
        method: method as 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        dispatcher: agent,
        signal: options.signal,
      });
      const text = await response.body.text();
      let json: T | null = null;
      try {
        json = text ? (JSON.parse(text) as T) : null;
      } catch {
        // not JSON (a proxy's page, an empty 5xx)
      }
      return { status: response.statusCode, json };
    },
    close: () => agent.close(),
  };
}

type ErrorBody = { error?: { code?: string } };

async function ok<T>(http: Http, method: string, route: string, options: Parameters<Http['call']>[2] = {}): Promise<T> {
  const { status, json } = await http.call<T & ErrorBody>(method, route, options);
  if (status >= 300 || !json) throw new Error(`${method} /api${route} → ${status} ${json?.error?.code ?? ''}`);
  return json;
}

export interface Member {
  email: string;
  token: string;
}

/**
 * Signs up `count` members (`<prefix><i>@example.com`) through both steps of sign-up (the code read
 * from the server's mail folder, `mailDir`) and gives each `pointsEach` hundredths through a PIN
 * the operator issues.
 */
export async function prepareMembers(http: Http, prefix: string, count: number, pointsEach: number, operator: { email: string; password: string }, mailDir: string): Promise<Member[]> {
  const members: Member[] = [];
  const mailedCodes = mailFolderCodes(mailDir);
  const post = async (route: string, body: unknown) => {
    const { status, json } = await http.call<ErrorBody & { token?: string }>('POST', route.replace(/^\/api/, ''), { body });
    return { status, body: json };
  };
  // Each sign-up costs the server an argon2 hash (~20 MiB): a few at a time.
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, async (_, j) => {
      const email = `${prefix}${i + j}@example.com`;
      const password = 'bench-pass-2026';
      const { status, body } = await signUpWithCode(post, { name: `Bench ${i + j}`, email, password, passwordCheck: password, promoOptIn: false }, mailedCodes);
      if (status !== 201 || !body?.token) throw new Error(`sign-up of ${email} → ${status} ${body?.error?.code ?? ''}`);
      return { email, token: body.token };
    });
    members.push(...(await Promise.all(batch)));
  }
  const admin = await ok<{ token: string }>(http, 'POST', '/auth/login', { body: operator });
  const { codes } = await ok<{ codes: string[] }>(http, 'POST', '/admin/pins', { body: { count, points: pointsEach }, token: admin.token });
  for (let i = 0; i < members.length; i += 16) {
    await Promise.all(members.slice(i, i + 16).map((m, j) => ok(http, 'POST', '/pins/redeem', { body: { code: codes[i + j] }, token: m.token, key: crypto.randomUUID() })));
  }
  return members;
}

export interface Clock {
  phase: string;
  issue: string | null;
  salesCloseAt: string | null;
  nextSalesOpenAt: string | null;
}

/**
 * The CAB01 issue on sale, waiting (bounded) for the next one when the current one closes within
 * `needSeconds`: the whole run places orders on one issue, none refused for the cut-off.
 */
export async function issueOnSaleFor(http: Http, needSeconds: number, signal: AbortSignal, say: (line: string) => void): Promise<Clock & { issue: string; salesCloseAt: string }> {
  const deadline = Date.now() + (needSeconds + 60) * 1000;
  let told = false;
  while (Date.now() < deadline && !signal.aborted) {
    const clock = await ok<Clock>(http, 'GET', `/keno/${PRODUCT}/clock`);
    const left = clock.salesCloseAt ? Date.parse(clock.salesCloseAt) - Date.now() : 0;
    if (clock.phase === 'open' && clock.issue && clock.salesCloseAt && left > needSeconds * 1000) return clock as Clock & { issue: string; salesCloseAt: string };
    if (!told) {
      say(`issue ${clock.issue ?? '—'} is ${clock.phase}${clock.phase === 'open' ? ` but closes in ${(left / 1000).toFixed(0)} s` : ''}: waiting for the next one`);
      told = true;
    }
    await sleep(500);
  }
  throw new Error(`no ${PRODUCT} issue stayed on sale for ${needSeconds} s`);
}

function pick(count: number): number[] {
  const pool = Array.from({ length: POOL_SIZE }, (_, i) => i + 1);
  for (let i = 0; i < count; i++) {
    const j = i + crypto.randomInt(POOL_SIZE - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

export interface LoadFigures {
  concurrency: number;
  members: number;
  /** Seconds of the measured window (after the warm-up), as it really lasted. */
  seconds: number;
  warmupSeconds: number;
  /** Requests answered inside the measured window (any status), and the 201s among them. */
  answered: number;
  created: number;
  /** Every 201, warm-up and the requests still in flight at the end included (what the database should hold). */
  totalCreated: number;
  /** Latency of every answer in the measured window, ms. */
  latencyMs: number[];
  /** 201s completed in each second of the measured window. */
  perSecond: number[];
  /** "status code" or "network message" → count, measured window and warm-up together. */
  errors: Record<string, number>;
}

/**
 * Keeps `concurrency` orders in flight for `warmupSeconds` (not measured) and then `seconds`,
 * round-robin over the members. Stops at once when `signal` aborts.
 */
export async function driveOrders(http: Http, members: Member[], issue: string, options: { concurrency: number; seconds: number; warmupSeconds: number; signal: AbortSignal }): Promise<LoadFigures> {
  const figures: LoadFigures = {
    concurrency: options.concurrency,
    members: members.length,
    seconds: 0,
    warmupSeconds: options.warmupSeconds,
    answered: 0,
    created: 0,
    totalCreated: 0,
    latencyMs: [],
    perSecond: [],
    errors: {},
  };
  const started = performance.now();
  const measureFrom = started + options.warmupSeconds * 1000;
  const end = measureFrom + options.seconds * 1000;
  let next = 0;

  async function placeOne() {
    const member = members[next++ % members.length]!;
    const body = { productCode: PRODUCT, issue, multiplier: 3, plays: [{ type: 'pick', stars: 3, numbers: pick(3) }] };
    const sentAt = performance.now();
    let outcome: string;
    try {
      const { status, json } = await http.call<{ order?: { id: string } } & ErrorBody>('POST', '/orders', { body, token: member.token, key: crypto.randomUUID(), signal: options.signal });
      outcome = status === 201 && json?.order ? 'created' : `${status} ${json?.error?.code ?? 'unknown'}`;
    } catch (error) {
      if (options.signal.aborted) return;
      outcome = `network ${(error as Error).message}`;
      await sleep(50); // a server that refuses connections must not turn this loop into a spin
    }
    const at = performance.now();
    if (outcome === 'created') figures.totalCreated++;
    else figures.errors[outcome] = (figures.errors[outcome] ?? 0) + 1;
    // Throughput is what completes inside the window, whenever it was sent.
    if (at < measureFrom || at > end) return;
    figures.answered++;
    figures.latencyMs.push(at - sentAt);
    if (outcome === 'created') {
      figures.created++;
      const second = Math.floor((at - measureFrom) / 1000);
      figures.perSecond[second] = (figures.perSecond[second] ?? 0) + 1;
    }
  }

  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < end && !options.signal.aborted) await placeOne();
    }),
  );
  figures.seconds = Math.max(0, (Math.min(performance.now(), end) - measureFrom) / 1000);
  // Whole seconds only: the window ends a hair past its last second, and that sliver is not a second with 0 orders.
  figures.perSecond = Array.from({ length: Math.floor(figures.seconds) }, (_, i) => figures.perSecond[i] ?? 0);
  return figures;
}
