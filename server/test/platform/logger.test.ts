import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', {}, stream) };
}

describe('logs never hold secrets', () => {
  it('redacts bearer tokens, passwords and PIN codes wherever a request or a body carries them', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        req: { method: 'POST', url: '/api/pins/redeem', headers: { authorization: 'Bearer eyJ.secret.token', cookie: 'sid=1' } },
        body: { password: 'hunter2-long', passwordCheck: 'hunter2-long', code: 'K7QX-M2PA-9RTW-HC4D' },
        token: 'eyJ.other.token',
        auth: { token: 'eyJ.socket.token' },
      },
      'request',
    );
    const line = lines.join('');
    for (const secret of ['eyJ.secret.token', 'sid=1', 'hunter2-long', 'K7QX-M2PA-9RTW-HC4D', 'eyJ.other.token', 'eyJ.socket.token']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('[redacted]');
    expect(line).toContain('/api/pins/redeem'); // the useful part stays
  });

  it('tags each line with the request id an HTTP request was given', async () => {
    const { testServer } = await import('../support/platform.ts');
    const env = await testServer('embedded');
    try {
      const res = await fetch(`${env.url}/api/nope`, { headers: { 'x-request-id': 'trace-me-123' } });
      expect(res.headers.get('x-request-id')).toBe('trace-me-123');
      const generated = await fetch(`${env.url}/api/health`);
      expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      // /api answers are no-store: no ETag (hashing every body bought nothing)
      expect(generated.headers.get('etag')).toBeNull();
    } finally {
      await env.stop();
    }
  });
});
