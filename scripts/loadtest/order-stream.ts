/**
 * The order side of the load test: M member accounts (signed up, topped up with operator PINs),
 * each with its own authenticated socket receiving private `order` events, placing CAB01 orders
 * at a target rate while sales are open.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { fetchPost, mailFolderCodes, signUpWithCode } from '../lib/member-signup.ts';
import { sleep } from './server-process.ts';

const PRODUCT = 'CAB01';
/** CAB01: 1 GP a unit, minimum 3 units → one 3-star pick at multiplier 3 = 300 hundredths. */
const ORDER_BODY = { productCode: PRODUCT, multiplier: 3, plays: [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }] };
const ORDER_POINTS = 300;
const PURCHASED = 2;
const TIMED_OUT = 9;
/** Stop sending this long before the cut-off: a request in flight at the cut-off is refused. */
const CUTOFF_GUARD_MS = 150;

interface Clock {
  phase: string;
  issue: string | null;
  salesCloseAt: string | null;
}

interface Member {
  token: string;
  socket: Socket;
}

export interface OrderFigures {
  members: number;
  targetRate: number;
  sent: number;
  placed: number;
  /** Ticks skipped because sales were closed (or about to close). */
  skippedClosed: number;
  /** Ticks not sent because `concurrency` requests were already in flight. */
  skippedBusy: number;
  openSeconds: number;
  httpMs: number[];
  /** POST response → `order` event with status 2 (purchased), ms. */
  purchasedAfterResponseMs: number[];
  /** POST sent → status 2 event, ms. */
  purchasedAfterSendMs: number[];
  missingPurchasedEvents: number;
  /** `order` events with status 9: not purchased before the cut-off, refunded. */
  timedOut: number;
  errors: Record<string, number>;
}

async function api<T>(url: string, method: string, route: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${url}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as T & { error?: { code?: string } };
  if (!response.ok) throw new Error(`${method} ${route} → ${response.status} ${json?.error?.code ?? ''}`);
  return json;
}

/** Logs the seeded operator in, retrying while the server is still seeding. */
async function operatorToken(url: string, email: string, password: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await api<{ token: string }>(url, 'POST', '/auth/login', { email, password })).token;
    } catch (error) {
      if (attempt >= 40) throw error;
      await sleep(250);
    }
  }
}

/** `count` members signed up through both steps (the code read from the server's mail folder, `mailDir`), topped up with PINs, sockets connected. */
export async function prepareMembers(url: string, count: number, pointsEach: number, operator: { email: string; password: string }, mailDir: string) {
  const run = crypto.randomBytes(4).toString('hex');
  const tokens: string[] = [];
  const mailedCodes = mailFolderCodes(mailDir);
  // Sign-ups cost an argon2 hash each on the server: a few at a time.
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) => {
      const email = `lt-${run}-${i + j}@example.com`;
      const password = 'loadtest-pass-2026';
      return signUpWithCode(fetchPost(url), { name: `Load ${i + j}`, email, password, passwordCheck: password, promoOptIn: false }, mailedCodes).then((answer) => {
        if (answer.status !== 201) throw new Error(`sign-up of ${email} → ${answer.status} ${answer.body?.error?.code ?? ''}`);
        return answer.body as { token: string };
      });
    });
    for (const { token } of await Promise.all(batch)) tokens.push(token);
  }
  const admin = await operatorToken(url, operator.email, operator.password);
  const { codes } = await api<{ codes: string[] }>(url, 'POST', '/admin/pins', { count, points: pointsEach }, admin);
  await Promise.all(tokens.map((token, i) => api(url, 'POST', '/pins/redeem', { code: codes[i] }, token, { 'idempotency-key': crypto.randomUUID() })));

  const members = await Promise.all(
    tokens.map(
      (token) =>
        new Promise<Member>((resolve, reject) => {
          const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
          socket.once('connect', () => resolve({ token, socket }));
          socket.once('connect_error', reject);
        }),
    ),
  );
  return members;
}

export function pointsNeeded(rate: number, seconds: number, members: number) {
  return Math.max(100_000, Math.ceil(((rate * seconds * ORDER_POINTS) / members) * 2));
}

/**
 * Places orders round-robin over `members` at `rate`/s for `seconds`, at most `concurrency` in
 * flight. `signal` stops it at once (Ctrl-C): the server cannot shut down while we keep sending.
 */
export async function runOrderStream(url: string, members: Member[], options: { rate: number; seconds: number; concurrency: number; signal: AbortSignal }): Promise<OrderFigures> {
  const figures: OrderFigures = {
    members: members.length,
    targetRate: options.rate,
    sent: 0,
    placed: 0,
    skippedClosed: 0,
    skippedBusy: 0,
    openSeconds: 0,
    httpMs: [],
    purchasedAfterResponseMs: [],
    purchasedAfterSendMs: [],
    missingPurchasedEvents: 0,
    timedOut: 0,
    errors: {},
  };
  const countError = (code: string) => (figures.errors[code] = (figures.errors[code] ?? 0) + 1);

  // The phase, from the clock socket channel (seeded over HTTP).
  let clock = await api<Clock>(url, 'GET', `/keno/${PRODUCT}/clock`);
  const watcher = members[0]!.socket;
  watcher.on('clock', (snapshot: Clock) => (clock = snapshot));
  await watcher.timeout(10_000).emitWithAck('subscribe', { channel: `clock:${PRODUCT}` });
  const selling = () => clock.phase === 'open' && !!clock.issue && !!clock.salesCloseAt && Date.now() < Date.parse(clock.salesCloseAt) - CUTOFF_GUARD_MS;

  // Order id → when its POST answered / when its status-2 event came (whichever is first waits).
  const responded = new Map<string, { sentAt: number; answeredAt: number }>();
  const purchasedAt = new Map<string, number>();
  const match = (id: string) => {
    const times = responded.get(id);
    const at = purchasedAt.get(id);
    if (!times || at === undefined) return;
    figures.purchasedAfterResponseMs.push(at - times.answeredAt);
    figures.purchasedAfterSendMs.push(at - times.sentAt);
    responded.delete(id);
    purchasedAt.delete(id);
  };
  for (const { socket } of members) {
    socket.on('order', (event: { id: string; status: number }) => {
      if (event.status === TIMED_OUT) figures.timedOut++;
      if (event.status !== PURCHASED) return;
      purchasedAt.set(event.id, performance.now());
      match(event.id);
    });
  }

  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  async function place(member: Member, issue: string) {
    const sentAt = performance.now();
    try {
      const response = await fetch(`${url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}`, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ ...ORDER_BODY, issue }),
        signal: options.signal,
      });
      const json = (await response.json().catch(() => null)) as { order?: { id: string }; error?: { code?: string } } | null;
      const answeredAt = performance.now();
      figures.httpMs.push(answeredAt - sentAt);
      if (response.status === 201 && json?.order) {
        figures.placed++;
        responded.set(json.order.id, { sentAt, answeredAt });
        match(json.order.id);
      } else countError(`${response.status} ${json?.error?.code ?? 'unknown'}`);
    } catch (error) {
      countError(`network ${(error as Error).message}`);
    }
  }

  const started = performance.now();
  const end = started + options.seconds * 1000;
  let due = 0;
  let next = 0;
  let lastTick = started;
  while (performance.now() < end && !options.signal.aborted) {
    const now = performance.now();
    if (selling()) figures.openSeconds += (now - lastTick) / 1000;
    lastTick = now;
    const target = Math.floor(((now - started) / 1000) * options.rate);
    for (; due < target; due++) {
      if (!selling()) figures.skippedClosed++;
      else if (inFlight >= options.concurrency) figures.skippedBusy++;
      else {
        figures.sent++;
        inFlight++;
        const task = place(members[next++ % members.length]!, clock.issue!).finally(() => {
          inFlight--;
          pending.delete(task);
        });
        pending.add(task);
      }
    }
    await sleep(5);
  }
  await Promise.all(pending);
  // Purchases take PURCHASE_LATENCY_MS plus the queue: give the last ones a moment.
  const grace = performance.now() + 5000;
  while (responded.size > 0 && performance.now() < grace && !options.signal.aborted) await sleep(50);
  figures.missingPurchasedEvents = responded.size;
  return figures;
}

export function closeMembers(members: Member[]) {
  for (const { socket } of members) socket.disconnect();
}
