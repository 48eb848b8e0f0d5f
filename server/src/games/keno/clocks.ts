import type { ClockEventPayload, KenoCode, LastResult, ScheduledDraw } from '@gp/common';
import type { Platform } from '../../platform/platform.ts';
import { GameClock, systemTime, type ClockSnapshot, type TimeSource } from './clock.ts';
import { lastResultOf } from './present.ts';
import { drawsRepo } from './repo.ts';
import type { KenoService } from './service.ts';

/** A socket, or this node's sockets in a room, as far as the clocks talk to them. */
interface ClockEmitter {
  emit(event: 'clock', snapshot: ClockEventPayload): unknown;
}

/** What the clocks need of this node's sockets; the realtime gateway provides it (server.ts attaches it). */
export interface ClockSockets {
  /** `event` to every socket of `room` on this node (realtime/room-broadcast.ts). */
  broadcastLocal(room: string, event: 'clock', snapshot: ClockEventPayload): void;
  onSubscribe(hook: (socket: ClockEmitter, channel: string) => void): void;
}
export type KenoClocks = Awaited<ReturnType<typeof startKenoClocks>>;

export const clockRoom = (code: string) => `clock:${code}`;
/** Reload from the table at least this often, even without a `draws_updated` message. */
const RELOAD_EVERY_MS = 60_000;
/** Draws held in memory per product: hours of the 5-minute schedules, over an hour of a 4-second demo. */
const DRAWS_IN_MEMORY = 2000;

/**
 * The game clocks of an api node: one GameClock per product on sale, fed from the `draws` table
 * (reloaded every 60 s and when the scheduler says it created draws) and told each published
 * result. Each node has its own clocks, so it emits `clock` to its own sockets only (`io.local`):
 * through the bus every node would emit every node's snapshots.
 */
export async function startKenoClocks(platform: Pick<Platform, 'db' | 'bus' | 'logger'>, keno: KenoService, time: TimeSource = systemTime) {
  const { db, bus, logger } = platform;
  const clocks = new Map<KenoCode, GameClock<LastResult>>();
  let gateway: ClockSockets | null = null;
  const emit = (snapshot: ClockSnapshot<LastResult>) => gateway?.broadcastLocal(clockRoom(snapshot.productCode), 'clock', snapshot);

  async function load(code: KenoCode) {
    const rows = await drawsRepo.upcoming(db, code, new Date(time.now()), DRAWS_IN_MEMORY);
    const draws: ScheduledDraw[] = rows.map((row) => ({
      issue: row.issue,
      salesOpenAt: row.sales_open_at,
      salesCloseAt: row.sales_close_at,
      drawAt: row.draw_at,
    }));
    const clock = clocks.get(code);
    clock?.update(draws);
    // A clock started before the first results existed (a fresh install's history) picks up the latest one.
    if (clock && !clock.snapshot().lastResult) {
      const [latest] = await drawsRepo.listDrawn(db, code, 1);
      if (latest) clock.setLastResult(lastResultOf(latest));
    }
  }
  const reload = (code: KenoCode) => load(code).catch((error) => logger.warn({ err: error, productCode: code }, 'clock reload failed'));

  for (const product of keno.products()) {
    const clock = new GameClock<LastResult>({
      productCode: product.code,
      draws: [],
      time,
      onListenerError: (error) => logger.warn({ err: error, productCode: product.code }, 'clock listener failed'),
    });
    const [latest] = await drawsRepo.listDrawn(db, product.code, 1);
    if (latest) clock.setLastResult(lastResultOf(latest));
    clock.onChange(emit);
    clock.onResync(emit);
    clocks.set(product.code, clock);
    await load(product.code);
  }

  const unsubscribe = bus.subscribe((message) => {
    const code = message.room.replace(/^draws:/, '') as KenoCode;
    const clock = clocks.get(code);
    if (!clock || !message.room.startsWith('draws:')) return;
    if (message.event === 'draws_updated') void reload(code);
    if (message.event === 'draw') {
      const { issue, result, drawnAt } = message.payload;
      clock.setLastResult({ issue, ...result, drawnAt });
      // A new result changes the snapshot without a phase change: push it so screens show it now.
      emit(clock.snapshot());
    }
  });
  const timer = setInterval(() => {
    for (const code of clocks.keys()) void reload(code);
  }, RELOAD_EVERY_MS);
  timer.unref();

  return {
    /** The clock of a product on sale, or `null`. */
    get: (code: string) => clocks.get(code as KenoCode) ?? null,
    /** Starts pushing to sockets: on every change and resync, and to each new `clock:<code>` subscriber. */
    attach(target: ClockSockets) {
      gateway = target;
      target.onSubscribe((socket, channel) => {
        const clock = channel.startsWith('clock:') ? clocks.get(channel.slice('clock:'.length) as KenoCode) : undefined;
        if (clock) socket.emit('clock', clock.snapshot());
      });
    },
    stop() {
      clearInterval(timer);
      unsubscribe();
      for (const clock of clocks.values()) clock.stop();
    },
  };
}
