import type { ApiErrorBody } from '@gp/common';
import { CSRF_HEADER } from './csrf-cookie.ts';
import { ApiError } from './api-error.ts';

export type SessionRejection = 'session_expired' | 'token_invalid';

export interface HttpClientOptions {
  /** Fixed base address (spec §7); '' means the site's own origin, which the server and Vite proxy serve. */
  baseUrl?: string;
  /**
   * The session's CSRF token ('' when signed out). The session itself is an HttpOnly cookie the
   * browser sends; the token goes in `X-CSRF-Token` on every state-changing request (issue 29).
   */
  getCsrfToken: () => string;
  /** Called when the server refuses the session a request carried, before the request's promise rejects. */
  onSessionRejected: (code: SessionRejection, rejectedSession: string) => void;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** For the logout call: a refused token there is the expected end, not a session expiry to report. */
  ignoreSessionRejection?: boolean;
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** A file the API serves behind the session (a chat screenshot, a ticket scan): its bytes, for an object URL. */
  blob(path: string, options?: Omit<RequestOptions, 'body'>): Promise<Blob>;
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as ApiErrorBody | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string';
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    return new ApiError({ status: response.status, retryAfterSeconds, ...body.error });
  }
  // A proxy page or an empty body: keep the status, with a code the client can translate.
  const code = response.status === 429 ? 'rate_limited' : response.status >= 500 ? 'internal_error' : 'bad_response';
  return new ApiError({ status: response.status, code, message: response.statusText, retryAfterSeconds });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * JSON over fetch with API.md's error format. The session travels as the browser's cookie (sent on
 * same-origin requests by default), never as a token a script holds; state-changing requests carry
 * the session's CSRF token.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? '';

  async function request<T>(method: string, path: string, init: RequestOptions = {}, as: 'json' | 'blob' = 'json'): Promise<T> {
    const token = options.getCsrfToken();
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (token && !SAFE_METHODS.has(method.toUpperCase())) headers[CSRF_HEADER] = token;
    // A FormData body (a file upload) is sent as multipart: the browser writes its own Content-Type.
    const multipart = init.body instanceof FormData;
    if (init.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : multipart ? (init.body as FormData) : JSON.stringify(init.body),
        signal: init.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: 'network', message: String(cause) });
    }

    if (!response.ok) {
      const error = await toApiError(response);
      const rejected = error.code === 'session_expired' || error.code === 'token_invalid';
      if (response.status === 401 && rejected && token && !init.ignoreSessionRejection) options.onSessionRejected(error.code as SessionRejection, token);
      throw error;
    }
    if (response.status === 204) return undefined as T;
    if (as === 'blob') return (await response.blob()) as T;
    try {
      return (await response.json()) as T;
    } catch {
      throw new ApiError({ status: response.status, code: 'bad_response', message: 'Response is not JSON' });
    }
  }

  return {
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    blob: (path, init) => request<Blob>('GET', path, init, 'blob'),
  };
}
