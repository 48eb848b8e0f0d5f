import type { z } from 'zod';
import type { ErrorCode } from '@gp/common';

/**
 * Who a route outside the members' and staff's JSON API is for; each becomes a tag of the
 * document (see `AUDIENCE_TAGS`). Routes without one are the JSON contract under /api.
 */
export type Audience = 'provider' | 'web' | 'realtime' | 'job-board' | 'sandbox';

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** As OpenAPI writes it (`/api/orders/{id}`); Express's `:id` is the same parameter. */
  path: string;
  summary: string;
  auth?: 'member' | 'operator';
  idempotent?: boolean;
  /** The zod schema the route validates its query with, or parameter descriptions. */
  query?: z.ZodObject | Record<string, string>;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: number;
  /**
   * The route's own errors; the ones its auth, Idempotency-Key and `{id}` imply are added by the
   * builder. A route with an `{id}` lists the 404 it answers for a well-formed id of nothing.
   */
  errors: ErrorCode[];
  /** A route outside the JSON contract: who calls it (a tag in the document). */
  audience?: Audience;
  /** A request body that is not JSON, by media type (a provider's form post, a raw signed body). */
  requestType?: string;
  /** An answer that is not JSON, by media type (`text/html` pages, ECPay's `1|OK`). */
  responseType?: string;
  /**
   * Served by the local payments sandbox's own HTTP server (PAYMENTS=sandbox, on
   * PAYMENTS_SANDBOX_PORT), not by the site: the document gives such paths that server.
   */
  server?: 'payments-sandbox';
  /** A third-party application mounted at `path`: it serves `path` and everything below it. */
  mount?: true;
  /** The Express path when it is a pattern OpenAPI cannot write (the web app's catch-all). */
  expressPath?: string;
}

/** The tags of the routes outside the JSON contract, with what the document says of each. */
export const AUDIENCE_TAGS: Record<Audience, { name: string; description: string }> = {
  provider: { name: 'payment providers', description: "Called by Stripe, ECPay and JKO Pay (signed notifications) or by a member's browser coming back from them. Not JSON: each answers what its provider expects." },
  web: { name: 'web app', description: 'The built React app: static files, and index.html for every other path outside /api and /socket.io.' },
  realtime: { name: 'realtime', description: 'Socket.IO (Engine.IO v4). The events are listed in docs/api.md; the handshake carries `auth: { token }`.' },
  'job-board': { name: 'job board', description: "BullMQ's dashboard (bull-board), for supervisors only, signed in through the console (a cookie scoped to its path). Its own pages and API live below its path." },
  sandbox: { name: 'sandbox', description: 'Local test doubles (PAYMENTS=sandbox, LINE_SANDBOX=true): not part of the contract, never on in a live deployment. They imitate the providers\u2019 own APIs and pages.' },
};
