import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that stands in for the operators' result feeds in tests: each request is
 * answered by the first route whose method and path (and, for POST, body) match, with a recorded
 * payload in the documented format — or late (after `delayMs`), with an HTTP status, or with an
 * HTML page (a bot challenge). The adapters reach it through RESULT_FEED_URLS; nothing here knows
 * our adapter interface.
 */
export interface ReplayAnswer {
  status?: number;
  contentType?: string;
  /** Text is sent as UTF-8; bytes as they are (a Shift_JIS file). */
  body: string | Buffer;
  delayMs?: number;
}

export type ReplayRoute = { method: 'GET' | 'POST'; path: RegExp; answer: (request: { url: URL; body: string }) => ReplayAnswer };

export const json = (value: unknown, more: Partial<ReplayAnswer> = {}): ReplayAnswer => ({ contentType: 'application/json; charset=utf-8', body: JSON.stringify(value), ...more });
export const csv = (text: string): ReplayAnswer => ({ contentType: 'text/csv; charset=utf-8', body: text });
export const botChallenge = (): ReplayAnswer => ({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>' });

export async function replayServer() {
  let routes: ReplayRoute[] = [];
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://replay');
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      const route = routes.find((r) => r.method === req.method && r.path.test(url.pathname));
      const answer = route ? route.answer({ url, body: Buffer.concat(chunks).toString('utf8') }) : { status: 404, body: 'not found' };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'Content-Type': answer.contentType ?? 'text/plain' });
        res.end(answer.body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    /** Replaces the routes (a later poll of the same feed). */
    serve(next: ReplayRoute[]) {
      routes = next;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
