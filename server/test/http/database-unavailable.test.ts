import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ERROR_CATALOGUE } from '@gp/common';
import express from 'express';
import { errorHandler } from '../../src/app.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { AppError } from '../../src/platform/errors.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from '../orders/support.ts';
import { createDatabaseFromTemplate } from '../global-setup.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { connectRefusal, connectSocket } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';

/**
 * A TCP relay to PostgreSQL that can be cut and restored on the same port: what a database restart
 * or a lost network looks like to the server (its connections drop, new ones are refused).
 */
async function databaseRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const relay = () =>
    net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  let server = relay();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: Object.assign(new URL(target), { port: String(port) }).toString(),
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    async restore() {
      server = relay();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the database out of reach', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let relay: Awaited<ReturnType<typeof databaseRelay>>;
  let token: string;
  let memberId: number;
  beforeAll(async () => {
    const database = new URL(await createDatabaseFromTemplate(inject('pgAdminUrl'), `t_${crypto.randomBytes(6).toString('hex')}`));
    relay = await databaseRelay(database);
    env = await testServer('embedded', { ...SLOW_CAB01, DATABASE_URL: relay.url });
    const member = await newMember(env.services, 'Outage');
    token = member.token;
    memberId = Number(member.id);
  });
  afterAll(async () => {
    await env.stop();
    await relay.close();
  });

  it('answers 503 service_unavailable with Retry-After, refuses sockets the same way, and recovers', async () => {
    expect((await fetch(`${env.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await relay.cut();

    const res = await fetch(`${env.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ error: { code: 'service_unavailable', message: ERROR_CATALOGUE.service_unavailable.message } });
    // Not "your token is bad": a client told that would sign the member out.
    expect((await connectRefusal(env.url, token)).data?.code).toBe('service_unavailable');

    await relay.restore();
    await eventually('the API to answer again', async () => (await fetch(`${env.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status === 200);
    (await connectSocket(env.url, token)).close();
  });

  it('an order that meets the outage is order_failed with 503, nothing recorded; it goes through once the database is back', async () => {
    const { issue } = await openIssue(env.platform, 10_000);
    const order = env.services.games.acceptOrder(threeUnits(issue)); // as the route hands it over
    const idempotencyKey = key();
    await relay.cut();
    await expect(env.services.orders.place(memberId, order, idempotencyKey)).rejects.toMatchObject({ code: 'order_failed', status: 503 });
    await relay.restore();
    // Nothing was charged (the member has no points): the same key is now refused on its merits.
    await eventually('the database to answer again', async () => (await fetch(`${env.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status === 200);
    await expect(env.services.orders.place(memberId, order, idempotencyKey)).rejects.toMatchObject({ code: 'insufficient_points' });
  });

  it('a 503 answer says when to try again; a 500 does not', async () => {
    const app = express();
    app.get('/unavailable', () => {
      throw new AppError('order_failed', { status: 503 });
    });
    app.get('/failed', () => {
      throw new AppError('order_failed', { status: 500 });
    });
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      const unavailable = await fetch(`${base}/unavailable`);
      expect([unavailable.status, unavailable.headers.get('retry-after'), ((await unavailable.json()) as { error: { code: string } }).error.code]).toEqual([503, '5', 'order_failed']);
      const failed = await fetch(`${base}/failed`);
      expect([failed.status, failed.headers.get('retry-after'), ((await failed.json()) as { error: { code: string } }).error.code]).toEqual([500, null, 'order_failed']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('tells an unreachable database from a refused statement', () => {
    const refused = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const shuttingDown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect([refused, new Error('boom'), null, 'text'].map(isDatabaseUnavailable)).toEqual([false, false, false, false]);
    expect([shuttingDown, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), new Error('Connection terminated unexpectedly')].map(isDatabaseUnavailable)).toEqual([true, true, true]);
  });
});
