import type { AddressInfo } from 'node:net';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeIndex } from '../../src/platform/route-index.ts';

/**
 * `routeIndex` hands a request only to the routers with a route under its first path segment: the
 * answers must be what Express gives with every router mounted in turn.
 */
describe('routeIndex (feature routers indexed by their first path segment)', () => {
  const entered: string[] = [];
  let url: string;
  let server: ReturnType<ReturnType<typeof express>['listen']>;

  beforeAll(async () => {
    const track = (name: string) => (_req: Request, _res: Response, next: NextFunction) => {
      entered.push(name);
      next();
    };
    const wallet = Router();
    wallet.use(track('wallet'));
    wallet.get('/wallet', (_req, res) => void res.json({ from: 'wallet' }));
    const draws = Router();
    draws.get('/orders/:code', (req, res, next) => (req.params.code === 'PB' ? res.json({ from: 'draws' }) : next()));
    draws.get('/leave/:code', (_req, _res, next) => next('router'));
    const orders = Router();
    orders.get('/orders/:code', (req, res) => void res.json({ from: 'orders', code: req.params.code }));
    orders.get('/leave/:code', (_req, res) => void res.json({ from: 'orders after leave' }));
    orders.get('/broken', () => {
      throw new Error('boom');
    });
    const legacy = Router();
    legacy.get(/^\/old-(.*)$/, (_req, res) => void res.json({ from: 'legacy' }));

    const app = express();
    const api = express.Router();
    api.use(routeIndex([wallet, draws, orders, legacy]));
    api.use((_req, res) => void res.status(404).json({ from: 'not found' }));
    app.use('/api', api);
    app.use((_error: unknown, _req: Request, res: Response, _next: NextFunction) => void res.status(500).json({ from: 'error handler' }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = async (path: string) => {
    entered.length = 0;
    const res = await fetch(url + path);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('tries the routers of the segment in their order, and falls through as Express does', async () => {
    expect(await get('/api/orders/PB')).toEqual({ status: 200, body: { from: 'draws' } });
    expect(await get('/api/orders/CAB01')).toEqual({ status: 200, body: { from: 'orders', code: 'CAB01' } });
    expect(await get('/api/leave/x')).toEqual({ status: 200, body: { from: 'orders after leave' } });
    expect(await get('/api/nothing-here')).toEqual({ status: 404, body: { from: 'not found' } });
    expect(await get('/api/broken')).toEqual({ status: 500, body: { from: 'error handler' } });
  });

  it('matches the segment without regard to case, as Express routes do', async () => {
    expect(await get('/api/ORDERS/cab01')).toEqual({ status: 200, body: { from: 'orders', code: 'cab01' } });
  });

  it('gives every request to a router it cannot index (its own middleware, a regular expression), and no other request to the others', async () => {
    expect(await get('/api/old-thing')).toEqual({ status: 200, body: { from: 'legacy' } });
    expect(entered).toEqual(['wallet']);
    expect(await get('/api/wallet')).toEqual({ status: 200, body: { from: 'wallet' } });
  });
});
