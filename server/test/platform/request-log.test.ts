import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.ts';
import { requestLog } from '../../src/platform/request-log.ts';

/** A real Express app behind requestLog, its log lines captured as objects. */
async function serve(level: string) {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = express();
  app.use(requestLog(createLogger(level, {}, stream)));
  app.get('/api/ok', (_req, res) => void res.json({ ok: true }));
  app.get('/api/refused', (_req, res) => void res.status(422).json({ error: 'no' }));
  app.get('/api/broken', (_req, res) => void res.status(500).json({ error: 'boom' }));
  app.get('/api/noted', (req, res) => {
    req.log.warn({ note: 'odd' }, 'handler noticed something');
    res.json({ ok: true });
  });
  app.get('/page', (_req, res) => void res.status(404).send('no page'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stops.push(() => new Promise((resolve) => server.close(resolve)));
  const get = async (path: string) => {
    const res = await fetch(base + path, { headers: { authorization: 'Bearer eyJ.secret.token', 'x-request-id': `id-${path}` } });
    await res.text();
    await new Promise((resolve) => setTimeout(resolve, 20)); // the line is written on 'finish'
    return res;
  };
  return { lines, get };
}

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('request log', () => {
  it('at info, logs refusals and failures with the request and the answer, not the successes', async () => {
    const { lines, get } = await serve('info');
    await get('/api/ok');
    await get('/api/refused');
    await get('/api/broken');
    expect(lines.map((line) => [line.msg, line.req?.url, line.res?.statusCode])).toEqual([
      ['request completed', '/api/refused', 422],
      ['request errored', '/api/broken', 500],
    ]);
    const [refused, broken] = lines;
    expect(refused).toMatchObject({ level: 30, req: { id: 'id-/api/refused', method: 'GET' }, res: { headers: { 'x-request-id': 'id-/api/refused' } } });
    expect(refused!.responseTime).toEqual(expect.any(Number));
    expect(refused!.req.headers.authorization).toBe('[redacted]');
    expect(broken).toMatchObject({ level: 50, err: { message: 'failed with status code 500' } });
    expect(JSON.stringify(lines)).not.toContain('eyJ.secret.token');
  });

  it('at debug, logs every answer under /api, and none of the pages outside it', async () => {
    const { lines, get } = await serve('debug');
    await get('/api/ok');
    await get('/page');
    expect(lines.map((line) => [line.level, line.msg, line.req?.url, line.res?.statusCode])).toEqual([[20, 'request completed', '/api/ok', 200]]);
  });

  it("gives a handler a logger whose lines carry the request, its secrets redacted", async () => {
    const { lines, get } = await serve('info');
    const res = await get('/api/noted');
    expect(res.headers.get('x-request-id')).toBe('id-/api/noted');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'handler noticed something', note: 'odd', req: { id: 'id-/api/noted', method: 'GET', url: '/api/noted' } });
    expect(lines[0]!.req.headers.authorization).toBe('[redacted]');
  });
});
