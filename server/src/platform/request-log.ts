import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import pino from 'pino';
import type { Logger } from './logger.ts';

declare module 'http' {
  interface IncomingMessage {
    /** The request's id: the caller's `X-Request-Id` (first 64 characters) or a fresh UUID; echoed back. */
    id: string;
    /** A logger whose lines carry this request (method, url, headers but their secrets, id). */
    log: Logger;
  }
}

/**
 * Gives each request an id and a logger, and logs its answer under /api when the level asks for it:
 * `error` for a 5xx, `info` for a 4xx, `debug` for the rest (so production logs the refusals and
 * failures, not every order). The lines are the ones pino-http wrote (`request completed` /
 * `request errored` with `req`, `res`, `responseTime`), which this replaces for its cost: pino-http
 * built a child logger with the serialized request for every request, and checked the level only
 * when the answer went out — about a third of a millisecond a request on this machine, for lines
 * a busy day never writes. Here the request's logger is made when a handler first uses it, and the
 * answer is serialized only when its line will be written.
 */
export function requestLog(logger: Logger): RequestHandler {
  const log = logger.child({}, { serializers: { req: pino.stdSerializers.req, res: pino.stdSerializers.res } });
  return (req, res, next) => {
    const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || crypto.randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id);
    let requestLogger: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (requestLogger ??= log.child({ req })),
    });
    if ((req.url ?? '').startsWith('/api')) logWhenAnswered(log, req, res);
    next();
  };
}

function logWhenAnswered(log: Logger, req: IncomingMessage, res: ServerResponse) {
  const started = Date.now();
  const done = () => {
    res.off('finish', done);
    res.off('close', done);
    const failed = res.statusCode >= 500;
    const level = failed ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';
    if (!log.isLevelEnabled(level)) return;
    const responseTime = Date.now() - started;
    if (failed) log[level]({ req, res, err: new Error(`failed with status code ${res.statusCode}`), responseTime }, 'request errored');
    else log[level]({ req, res, responseTime }, 'request completed');
  };
  res.on('finish', done);
  res.on('close', done);
}
