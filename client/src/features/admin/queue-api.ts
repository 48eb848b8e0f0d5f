import type { QueueQuery, QueueResponse } from '@gp/common';
import { CSRF_HEADER, readCsrfCookie } from '../../shared/api/csrf-cookie.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { ApiError } from '../../shared/api/api-error.ts';
import { useConsole } from './staff-session.ts';

export const queueKey = (query: Partial<QueueQuery>) => ['admin', 'queue', query.kind ?? '', query.productCode ?? '', query.claim ?? 'any'] as const;

/**
 * The queue, re-read when the server says it changed (`queue_changed` on the staff socket: an
 * order placed or bought anywhere, a colleague's claim or confirmation) — no polling. A claim's
 * lease lapsing is the one change nobody announces, so the list is re-read when the earliest
 * lease it shows runs out.
 */
export function useQueue(query: Partial<QueueQuery>) {
  const { http } = useConsole();
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v) as Array<[string, string]>);
  const result = useQuery({
    queryKey: queueKey(query),
    queryFn: ({ signal }) => http.get<QueueResponse>(`/api/admin/queue?${params.toString()}`, { signal }),
  });
  const queryClient = useQueryClient();
  const nextLapse = result.data?.items.reduce<number | null>((min, item) => {
    if (!item.claim) return min;
    const at = new Date(item.claim.until).getTime();
    return min === null || at < min ? at : min;
  }, null);
  useEffect(() => {
    if (nextLapse === null || nextLapse === undefined) return undefined;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['admin', 'queue'] }), Math.max(0, nextLapse - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [nextLapse, queryClient]);
  return result;
}

/** The staff socket: `queue_changed` invalidates the queue (and the figures with it). */
export function useQueueFeed() {
  const { session } = useConsole();
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], auth: { staff: true } }); // the staff session cookie goes with the handshake
    socket.on('queue_changed', () => void queryClient.invalidateQueries({ queryKey: ['admin', 'queue'] }));
    // After a reconnect, whatever was missed is re-read.
    socket.io.on('reconnect', () => void queryClient.invalidateQueries({ queryKey: ['admin'] }));
    return () => {
      socket.close();
    };
  }, [session.user.id, queryClient]);
}

/** A multipart POST of the console (the JSON client cannot send files), with the staff CSRF token; throws an ApiError on a refusal. */
export async function postMultipart<T>(url: string, form: FormData): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { [CSRF_HEADER]: readCsrfCookie('staff') }, body: form });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (body as { error?: { code: string; message: string } } | null)?.error;
    throw new ApiError({ status: res.status, code: error?.code ?? 'bad_response', message: error?.message ?? res.statusText, retryAfterSeconds: null });
  }
  return body as T;
}

/** Confirms an order with its ticket reference and, optionally, the scan. */
export async function confirmOrder(orderId: string, ticketRef: string, scan: File | null) {
  const form = new FormData();
  form.set('ticketRef', ticketRef);
  if (scan) form.set('scan', scan);
  return postMultipart<unknown>(`/api/admin/queue/orders/${encodeURIComponent(orderId)}/confirm`, form);
}
