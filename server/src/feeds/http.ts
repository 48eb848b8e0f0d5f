import { FeedFormatError, type FeedAnswer } from './types.ts';

/** A source that gave no usable answer (transport, HTTP status, a block page): `down`, never "no result". */
export class FeedDownError extends Error {}

/** Identifies us to the operators (reference §10.7: identifiable user agents, low rates). */
const USER_AGENT = 'GPoints-result-feeds/1.0 (+https://github.com/gpoints; results polling)';

/** An HTML page where data was expected: a bot challenge, a maintenance or a block page (reference §10.6). */
const looksLikeHtml = (text: string) => /^\s*(<!doctype html|<html|<head|<body)/i.test(text);

export interface FetchOptions {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** What the body must be: JSON, CSV or the XML of an ASMX answer. An HTML page is always refused. */
  expect: 'json' | 'text';
  /** The body's character set when it is not UTF-8 (Mizuho's CSV is Shift_JIS); bytes that do not decode are a malformed answer. */
  encoding?: 'shift_jis';
}

/**
 * One request to a source. Throws `FeedDownError` for a timeout, a network error, an HTTP status
 * other than 200, a 404 aside (`null`: the source has no such document — Mizuho's "not published
 * yet"), or an HTML page. Answers the body as text; `expect: 'json'` parses it (a parse failure is
 * a `FeedFormatError`).
 */
export async function fetchFromSource(url: string, options: FetchOptions): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: { 'User-Agent': USER_AGENT, Accept: options.expect === 'json' ? 'application/json' : '*/*', ...options.headers },
      ...(options.body !== undefined ? { body: options.body } : {}),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new FeedDownError(error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : `request failed: ${(error as Error).message}`);
  }
  const bytes = await response.arrayBuffer().catch(() => new ArrayBuffer(0));
  if (response.status === 404) return null;
  if (response.status !== 200) throw new FeedDownError(`HTTP ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  // Judged on the first bytes, before decoding: a block page is HTML whatever character set was asked for.
  if (type.includes('text/html') || looksLikeHtml(Buffer.from(bytes.slice(0, 512)).toString('latin1').replace(/^\u00EF\u00BB\u00BF/, ''))) throw new FeedDownError('an HTML page instead of data (a bot challenge or block page?)');
  const text = decode(bytes, options.encoding);
  if (options.expect === 'text') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FeedFormatError('the answer is not JSON');
  }
}

/** The body as text: UTF-8 (lenient, as `Response.text()`), or a declared character set decoded strictly. */
function decode(bytes: ArrayBuffer, encoding: FetchOptions['encoding']): string {
  if (!encoding) return new TextDecoder('utf-8').decode(bytes);
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new FeedFormatError(`the answer is not ${encoding} text`);
  }
}

/**
 * Runs an adapter's fetch-and-parse and turns what it throws into an answer: a parse or validation
 * failure and a transport failure are both `down` (with the reason), never `not_yet`.
 */
export async function answerOf(work: () => Promise<FeedAnswer>): Promise<FeedAnswer> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FeedDownError) return { state: 'down', reason: error.message };
    if (error instanceof FeedFormatError) return { state: 'down', reason: `malformed answer: ${error.message}` };
    return { state: 'down', reason: `unexpected: ${(error as Error).message}` };
  }
}

/** A base URL and a path joined with one slash. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
