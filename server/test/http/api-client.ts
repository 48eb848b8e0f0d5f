/**
 * A thin JSON client over real HTTP (global fetch), shared by the HTTP-level tests.
 * `json` sends a JSON body; `raw` sends the text as-is (for malformed-body tests).
 */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    body = options.raw;
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('application/json')) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** Binds `call` to one server. */
export const apiClient = (baseUrl: string) => ({
  get: <T = any>(path: string, options?: CallOptions) => call<T>(baseUrl, 'GET', path, options),
  post: <T = any>(path: string, options?: CallOptions) => call<T>(baseUrl, 'POST', path, options),
});
