import { ApiError } from '../api/api-error.ts';
import type { MessageRef } from './message-ids.ts';

/**
 * What to tell the user about a failure: always the catalogue's `error.<code>` for a code we
 * know; the server's English text only for a code this client does not know yet.
 */
export function describeError(error: unknown): MessageRef {
  if (error instanceof ApiError) {
    const code = error.knownCode;
    if (code) return { id: `error.${code}` };
    if (error.code === 'network') return { id: 'app.error.network' };
    if (error.code !== 'bad_response' && error.message) return { text: error.message };
  }
  return { id: 'app.error.unknown' };
}
