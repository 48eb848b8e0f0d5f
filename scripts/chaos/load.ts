/**
 * The chaos load driver: members signed up (POST /api/auth/signup), topped up with PINs the
 * operator issues (POST /api/admin/pins) and redeems (POST /api/pins/redeem), each with a socket
 * (auth token) counting its `order` and `balance` events, placing keno orders (CAB01/KRB01 on the
 * issue their clock says is open) and football singles (HAD on the soonest open event) at a
 * bounded rate, with a bounded number in flight.
 *
 * Retries are what a real client does: a request that fails (network error, timeout, 5xx) is sent
 * again with the SAME Idempotency-Key until it gets a final answer (2xx/4xx) or `retryDeadlineMs`
 * passes. The retry goes to the next api node (a load balancer would do the same); a member's
 * socket stays on its home node and reconnects there. Every key, every attempt and the final
 * answer are recorded (`records`), which is what the audit compares the books with.
 */
import crypto from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { mailFolderCodes, signUpWithCode } from '../lib/member-signup.ts';
import { sleep } from './procs.ts';
import { OPERATOR, SCHEDULE } from './topology.ts';

export type RecordKind = 'keno' | 'football' | 'pin';

export interface Attempt {
  at: number;
  /** When the answer (or the error) came. */
  doneAt: number;
  node: number;
  /** HTTP status, or 0 for a network error / timeout. */
  status: number;
  code?: string;
  orderId?: string;
}

export interface KeyRecord {
  key: string;
  kind: RecordKind;
  member: number;
  phase: string;
  startedAt: number;
  attempts: Attempt[];
  /** The first final answer (2xx or 4xx). */
  final?: { status: number; code?: string; orderId?: string; points?: number; at: number };
  /** Why there is no final answer (retries ran out, or the run was stopped). */
  uncertain?: string;
  product?: string;
  issue?: string;
}

export type ChaosLimits = Record<'deposit' | 'spend' | 'loss', Partial<Record<'day' | 'week' | 'month', number>>>;

/**
 * The limits a chaos member plays with (GP hundredths), from their start points: deposits (PINs
 * and deposits) well above what a run brings in, so the money checks' deposits go through; a
 * daily spend limit of 90 % of the start points for every second member (it bites), five times
 * them for the others; a weekly loss limit of five times them.
 */
export function chaosLimits(index: number, startPoints: number): ChaosLimits {
  return {
    deposit: { week: startPoints * 50 },
    spend: { day: index % 2 === 0 ? Math.round(startPoints * 0.9) : startPoints * 5 },
    loss: { week: startPoints * 5 },
  };
}

export interface Member {
  index: number;
  email: string;
  token: string;
  userId: string;
  /** Index of the api node its socket (and its first attempts) go to. */
  home: number;
  socket?: Socket;
  connected: boolean;
  connects: number[];
  disconnects: Array<{ at: number; reason: string }>;
  /** When GET /api/me succeeded after each (re)connect: the HTTP re-fetch that completes a resync. */
  resyncs: number[];
  serverDisconnects: number;
  orderEvents: number;
  balanceEvents: number;
}

export interface DriverOptions {
  /** Orders a second, all members together. */
  rate: number;
  maxInFlight: number;
  /** Share of orders that are football singles (when an event is on sale). */
  footballShare: number;
  retryDeadlineMs: number;
  log: (line: string) => void;
  /** The servers' mail folder: sign-up codes are read from the mail they send (scripts/lib/member-signup.ts). */
  mailDir: string;
}

interface Clock {
  phase: string;
  issue: string | null;
  salesCloseAt: string | null;
}

interface FootballEvent {
  id: string;
  salesCloseAt: string;
  kickOffAt: string;
  markets: Array<{ market: string; line: string | null; status?: string; selections: Array<{ key: string; odds: string }> }>;
}

/** The parts of the API's answers the driver reads. */
interface Answer {
  token?: string;
  user?: { id: string | number };
  order?: { id: string | number };
  error?: { code?: string };
  codes?: string[];
  points?: number;
  deposit?: { id: string | number; points: number; start?: { fields?: Record<string, string> } };
  adjustmentId?: string;
}

const POOL: Record<string, number> = { CAB01: 80, KRB01: 70 };
const KENO = Object.keys(SCHEDULE.keno);
const RETRYABLE = (status: number) => status === 0 || status >= 500;

function pickNumbers(count: number, pool: number): number[] {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(1 + crypto.randomInt(pool));
  return [...picked].sort((a, b) => a - b);
}

export class LoadDriver {
  readonly records: KeyRecord[] = [];
  readonly members: Member[] = [];
  /** Every 201 placement: when it was answered and by which node (recovery timing). */
  readonly placements: Array<{ at: number; node: number }> = [];
  /** Order id → when its first private `order` event reached its member's socket. */
  readonly orderEventAt = new Map<string, number>();
  phase = 'setup';
  readonly skipped: Record<string, { busy: number; closed: number }> = {};
  private readonly stopAll = new AbortController();
  private readonly run = crypto.randomBytes(3).toString('hex');
  private seq = 0;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly pending = new Set<Promise<unknown>>();
  private inFlight = 0;
  private operatorToken = '';
  private readonly clocks = new Map<string, Clock>();
  private events: FootballEvent[] = [];
  private refresher: NodeJS.Timeout | undefined;
  private refreshTick = 0;

  constructor(
    private readonly urls: string[],
    private readonly options: DriverOptions,
  ) {}

  /** Stops everything at once (Ctrl-C): requests in flight are abandoned and recorded as uncertain. */
  abort() {
    this.running = false;
    this.stopAll.abort();
    if (this.refresher) clearInterval(this.refresher);
  }

  // ---------------------------------------------------------------- HTTP with retries

  /** The operator's session (a password session: the chaos servers run STAFF_MFA=off). */
  get operator() {
    return this.operatorToken;
  }

  /**
   * Sends one request until a final answer: a network error, a timeout or a 5xx is retried (same
   * key, same body, next node) with a growing pause, until `deadlineMs` after the first attempt.
   * `form`: a urlencoded body instead of JSON (a provider's callback); `text` is the raw answer.
   */
  async send(
    request: { method: string; route: string; body?: unknown; form?: string; token?: string; key?: string; home: number; deadlineMs?: number },
    record?: KeyRecord,
  ): Promise<{ status: number; json: Answer | null; text: string } | undefined> {
    const started = Date.now();
    const deadline = started + (request.deadlineMs ?? this.options.retryDeadlineMs);
    for (let attempt = 0; ; attempt++) {
      const node = (request.home + attempt) % this.urls.length;
      const at = Date.now();
      let status = 0;
      let json: Answer | null = null;
      let text = '';
      let code: string | undefined;
      try {
        const response = await fetch(`${this.urls[node]}/api${request.route}`, {
          method: request.method,
          headers: {
            'content-type': request.form === undefined ? 'application/json' : 'application/x-www-form-urlencoded',
            ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
            ...(request.key ? { 'idempotency-key': request.key } : {}),
          },
          body: request.form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
          signal: AbortSignal.any([AbortSignal.timeout(10_000), this.stopAll.signal]),
        });
        status = response.status;
        text = await response.text();
        try {
          json = JSON.parse(text) as Answer;
        } catch {
          json = null;
        }
        code = json?.error?.code;
      } catch (error) {
        const e = error as Error & { cause?: { code?: string } };
        code = e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.name ?? 'network');
      }
      const doneAt = Date.now();
      record?.attempts.push({ at, doneAt, node, status, ...(code ? { code } : {}), ...(json?.order?.id ? { orderId: String(json.order.id) } : {}) });
      if (!RETRYABLE(status)) return { status, json, text };
      if (this.stopAll.signal.aborted) {
        if (record) record.uncertain = 'stopped';
        return undefined;
      }
      if (doneAt >= deadline) {
        if (record) record.uncertain = `no final answer within ${Math.round((doneAt - started) / 1000)} s (last: ${status || code})`;
        return undefined;
      }
      await sleep(Math.min(2000, 200 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
    }
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => undefined);
    return promise;
  }

  private newRecord(kind: RecordKind, member: number, extra: Partial<KeyRecord> = {}): KeyRecord {
    const record: KeyRecord = { key: `chaos-${this.run}-${++this.seq}`, kind, member, phase: this.phase, startedAt: Date.now(), attempts: [], ...extra };
    this.records.push(record);
    return record;
  }

  // ---------------------------------------------------------------- members

  /** Signs up `count` members, tops each up with a PIN of `points` hundredths, connects their sockets. */
  async setup(count: number, points: number) {
    const login = await this.send({ method: 'POST', route: '/auth/login', body: OPERATOR, home: 0, deadlineMs: 30_000 });
    if (login?.status !== 200) throw new Error(`operator login failed: ${login?.status ?? 'no answer'} ${JSON.stringify(login?.json)}`);
    this.operatorToken = login.json?.token ?? '';

    const password = 'chaos-pass-2026';
    const mailedCodes = mailFolderCodes(this.options.mailDir);
    for (let i = 0; i < count; i += 4) {
      // Sign-ups cost an argon2 hash each: a few at a time.
      await Promise.all(
        Array.from({ length: Math.min(4, count - i) }, async (_, j) => {
          const index = i + j;
          const email = `chaos-${this.run}-${index}@example.com`;
          const home = index % this.urls.length;
          // Both steps of sign-up (the form, then the mailed code), each retried like any request here.
          const post = async (route: string, body: unknown) => {
            const sent = await this.send({ method: 'POST', route: route.replace(/^\/api/, ''), body, home, deadlineMs: 30_000 });
            return { status: sent?.status ?? 0, body: sent?.json ?? null, json: sent?.json ?? null };
          };
          let answer = await signUpWithCode(post, { name: `Chaos ${index}`, email, password, passwordCheck: password, promoOptIn: false }, mailedCodes);
          // A retried verify whose first attempt made the account answers as a spent code: the account is there.
          if (answer.status !== 201) answer = await post('/api/auth/login', { email, password });
          if (answer.status >= 300) throw new Error(`sign-up of ${email} failed: ${answer.status || 'no answer'} ${JSON.stringify(answer.json)}`);
          this.members[index] = {
            index, email, home, token: answer.json?.token ?? '', userId: String(answer.json?.user?.id),
            connected: false, connects: [], disconnects: [], resyncs: [], serverDisconnects: 0, orderEvents: 0, balanceEvents: 0,
          };
        }),
      );
    }
    // Every member plays with limits (issue 32), set before their first PIN: the audit's check 9
    // finds no window in which one was passed. Half of them get a daily spend limit under their
    // start points, so refusals (422 limit_reached) happen under the faults too.
    await Promise.all(this.members.map((m) => this.setLimits(m, chaosLimits(m.index, points))));
    const codes = await this.issuePins(count, points);
    const answers = await Promise.all(this.members.map((m, i) => this.redeem(m.index, codes[i]!)));
    if (answers.some((a) => a !== 200)) throw new Error(`initial PIN redemptions answered ${JSON.stringify(answers)}`);
    await Promise.all(this.members.map((m) => this.connect(m)));
    await this.refresh();
    this.refresher = setInterval(() => void this.refresh(), 1000);
  }

  private async setLimits(member: Member, limits: ChaosLimits) {
    const answer = await this.send({ method: 'PUT', route: '/me/limits', body: limits, token: member.token, home: member.home, deadlineMs: 30_000 });
    if (answer?.status !== 200) throw new Error(`limits of member ${member.index} refused: ${answer?.status ?? 'no answer'} ${JSON.stringify(answer?.json)}`);
  }

  /** The operator issues `count` PINs worth `points` hundredths each (retried: unredeemed PINs cost nothing). */
  async issuePins(count: number, points: number): Promise<string[]> {
    const answer = await this.send({ method: 'POST', route: '/admin/pins', body: { count, points }, token: this.operatorToken, home: 0, deadlineMs: 60_000 });
    if (answer?.status !== 201 && answer?.status !== 200) throw new Error(`PIN batch failed: ${answer?.status ?? 'no answer'} ${JSON.stringify(answer?.json)}`);
    return answer.json?.codes ?? [];
  }

  /** Redeems a PIN for a member (with an Idempotency-Key, retried); resolves with the final status (0 = none). */
  redeem(memberIndex: number, code: string): Promise<number> {
    const member = this.members[memberIndex]!;
    const record = this.newRecord('pin', memberIndex);
    return this.track(
      (async () => {
        const answer = await this.send({ method: 'POST', route: '/pins/redeem', body: { code }, token: member.token, key: record.key, home: member.home }, record);
        if (!answer) return 0;
        record.final = { status: answer.status, code: answer.json?.error?.code, points: answer.status === 200 ? Number(answer.json?.points) : undefined, at: Date.now() };
        return answer.status;
      })(),
    );
  }

  private connect(member: Member): Promise<void> {
    const socket = io(this.urls[member.home]!, {
      transports: ['websocket'],
      auth: { token: member.token },
      // The web client keeps socket.io's defaults (1 s doubling to 5 s); a 5-s resync target needs a shorter cap.
      reconnectionDelay: 500,
      reconnectionDelayMax: 2000,
      timeout: 5000,
    });
    member.socket = socket;
    socket.on('connect', () => {
      member.connected = true;
      member.connects.push(Date.now());
      void this.resync(member);
    });
    socket.on('disconnect', (reason) => {
      member.connected = false;
      member.disconnects.push({ at: Date.now(), reason });
      // A server that ends the socket itself (graceful shutdown) gets no automatic reconnect from
      // socket.io-client: a client has to ask again.
      if (reason === 'io server disconnect' && !this.stopAll.signal.aborted) {
        member.serverDisconnects++;
        setTimeout(() => socket.connect(), 500).unref();
      }
    });
    socket.on('order', (event: { id?: unknown }) => {
      member.orderEvents++;
      const id = String(event?.id ?? '');
      if (id && !this.orderEventAt.has(id)) this.orderEventAt.set(id, Date.now());
    });
    socket.on('balance', () => void member.balanceEvents++);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`socket of ${member.email} did not connect within 20 s`)), 20_000);
      socket.once('connect', () => (clearTimeout(timer), resolve()));
    });
  }

  /** After a (re)connect the client re-fetches its snapshot over HTTP (API.md): GET /api/me on its home node. */
  private async resync(member: Member) {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !this.stopAll.signal.aborted && member.connected) {
      try {
        const response = await fetch(`${this.urls[member.home]}/api/me`, { headers: { authorization: `Bearer ${member.token}` }, signal: AbortSignal.timeout(3000) });
        await response.arrayBuffer();
        if (response.ok) {
          member.resyncs.push(Date.now());
          return;
        }
      } catch {
        // node not answering yet
      }
      await sleep(200);
    }
  }

  closeSockets() {
    for (const member of this.members) member.socket?.disconnect();
  }

  // ---------------------------------------------------------------- what is on sale

  /** Keno clocks every second, the football events every 4 s, from whichever node answers. */
  private async refresh() {
    const tick = this.refreshTick++;
    const get = async (route: string) => {
      for (let i = 0; i < this.urls.length; i++) {
        try {
          const response = await fetch(`${this.urls[(tick + i) % this.urls.length]}/api${route}`, { signal: AbortSignal.timeout(2000) });
          if (response.ok) return await response.json();
          await response.arrayBuffer();
        } catch {
          // next node
        }
      }
      return undefined;
    };
    await Promise.all(
      KENO.map(async (code) => {
        const clock = (await get(`/keno/${code}/clock`)) as Clock | undefined;
        if (clock) this.clocks.set(code, clock);
      }),
    );
    if (tick % 4 === 0) {
      const events = (await get('/football/events?status=open')) as FootballEvent[] | undefined;
      if (Array.isArray(events)) this.events = events;
    }
  }

  private kenoBody() {
    const now = Date.now();
    const open = KENO.filter((code) => {
      const clock = this.clocks.get(code);
      return clock?.phase === 'open' && clock.issue && clock.salesCloseAt && Date.parse(clock.salesCloseAt) - now > 1000;
    });
    if (!open.length) return undefined;
    const code = open[crypto.randomInt(open.length)]!;
    const clock = this.clocks.get(code)!;
    return {
      productCode: code,
      issue: clock.issue!,
      trial: false,
      multiplier: 3 + crypto.randomInt(3),
      plays: [{ type: 'pick', stars: 3, numbers: pickNumbers(3, POOL[code]!) }],
    };
  }

  private footballBody() {
    const now = Date.now();
    const open = this.events
      .filter((e) => Date.parse(e.salesCloseAt) - now > 3000 && e.markets.some((m) => m.market === 'HAD' && m.status !== 'closed' && m.selections.length))
      .sort((a, b) => Date.parse(a.kickOffAt) - Date.parse(b.kickOffAt))
      .slice(0, 2); // the soonest: their orders settle within the run
    if (!open.length) return undefined;
    const event = open[crypto.randomInt(open.length)]!;
    const market = event.markets.find((m) => m.market === 'HAD')!;
    const selection = market.selections[crypto.randomInt(market.selections.length)]!;
    return {
      productCode: 'HKS01',
      mode: 'single',
      legs: [{ eventId: event.id, market: 'HAD', selection: selection.key, odds: selection.odds }],
      unitStake: { amount: 3000, currency: 'HKD' },
      acceptBetterOdds: true,
    };
  }

  // ---------------------------------------------------------------- the order stream

  startLoad(phase: string) {
    this.phase = phase;
    this.skipped[phase] ??= { busy: 0, closed: 0 };
    this.running = true;
    this.loop = (async () => {
      const started = Date.now();
      let due = 0;
      while (this.running) {
        const target = Math.floor(((Date.now() - started) / 1000) * this.options.rate);
        for (; due < target; due++) this.tick();
        await sleep(20);
      }
    })();
  }

  /** Stops placing new orders and waits for every request still in flight (each retried to its end). */
  async stopLoad() {
    this.running = false;
    await this.loop;
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private tick() {
    const skipped = this.skipped[this.phase]!;
    if (this.inFlight >= this.options.maxInFlight) return void skipped.busy++;
    const memberIndex = crypto.randomInt(this.members.length);
    const football = Math.random() < this.options.footballShare ? this.footballBody() : undefined;
    const body = football ?? this.kenoBody();
    if (!body) return void skipped.closed++;
    this.inFlight++;
    void this.place(memberIndex, body).finally(() => this.inFlight--);
  }

  private place(memberIndex: number, body: { productCode: string; issue?: string }) {
    const member = this.members[memberIndex]!;
    const kind: RecordKind = body.productCode === 'HKS01' ? 'football' : 'keno';
    const record = this.newRecord(kind, memberIndex, { product: body.productCode, ...(body.issue ? { issue: body.issue } : {}) });
    return this.track(
      (async () => {
        const answer = await this.send({ method: 'POST', route: '/orders', body, token: member.token, key: record.key, home: member.home }, record);
        if (!answer) return;
        const orderId = answer.json?.order?.id ? String(answer.json.order.id) : undefined;
        record.final = { status: answer.status, code: answer.json?.error?.code, ...(orderId ? { orderId } : {}), at: Date.now() };
        if (answer.status === 201) this.placements.push({ at: Date.now(), node: record.attempts.at(-1)!.node });
      })(),
    );
  }

  // ---------------------------------------------------------------- figures

  /** When the first order placed by `node` (any node if undefined) was answered after `after`. */
  firstPlacementAfter(after: number, node?: number): number | undefined {
    return this.placements.find((p) => p.at > after && (node === undefined || p.node === node))?.at;
  }

  /** Per member of `homes`: seconds from `from` (clamped at 0) to its first resync after `after`; null when none yet. */
  resyncSeconds(after: number, from: number, homes: number[]): Array<{ member: number; seconds: number | null }> {
    return this.members
      .filter((m) => homes.includes(m.home))
      .map((m) => {
        const at = m.resyncs.find((t) => t > after);
        return { member: m.index, seconds: at === undefined ? null : Math.max(0, (at - from) / 1000) };
      });
  }
}
