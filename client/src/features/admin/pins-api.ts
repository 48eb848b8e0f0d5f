import { ApiError } from '../../shared/api/api-error.ts';
import { CSRF_HEADER, readCsrfCookie } from '../../shared/api/csrf-cookie.ts';

/**
 * The one CSV export of a PIN batch (POST: it has an effect — a second one is `pins_exported`).
 * The console's JSON client reads only JSON, so the file is fetched here and handed to the browser
 * as a download; the codes are never put on the screen.
 */
export async function exportPinBatch(batchId: string): Promise<{ filename: string; blob: Blob }> {
  // The staff session cookie goes along; the CSRF token is echoed from its readable cookie.
  const res = await fetch(`/api/admin/pin-batches/${batchId}/export`, { method: 'POST', headers: { [CSRF_HEADER]: readCsrfCookie('staff'), Accept: 'text/csv, application/json' } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError({ status: res.status, code: body?.error?.code ?? 'internal_error', message: body?.error?.message ?? res.statusText, retryAfterSeconds: null });
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `pins-batch-${batchId}.csv`;
  return { filename, blob: await res.blob() };
}

/** Saves `blob` as a file, as a link with `download` would. */
export function saveFile(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
