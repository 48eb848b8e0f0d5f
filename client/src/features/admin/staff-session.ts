import { createContext, useContext } from 'react';
import type { User } from '@gp/common';
import { createHttpClient, type HttpClient } from '../../shared/api/http-client.ts';
import { readCsrfCookie } from '../../shared/api/csrf-cookie.ts';

/**
 * The console's own session (password + TOTP, POST /api/admin/auth/verify): an HttpOnly cookie of
 * its own (`gp_staff`, read only on /api/admin and the job board), never mixed with a member login
 * on the same site and never readable by a script. A tab keeps only who signed in and until when
 * (sessionStorage); a reload or a new tab without it asks the server (`restoreStaffSession`), so
 * the session lasts until it expires or is signed out, as a member's does (issue 31 item 7). Its
 * HTTP client sends the staff CSRF token.
 */
const KEY = 'gp.staff';

export interface StaffSessionValue {
  user: User;
  expiresAt: string;
}

export function loadStaffSession(): StaffSessionValue | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as StaffSessionValue;
    // A session without its cookie (signed out in another tab, or a value kept by an older version) is none.
    return new Date(value.expiresAt) > new Date() && readCsrfCookie('staff') && !('token' in value) ? value : null;
  } catch {
    return null;
  }
}

/** Whether this browser holds a staff session's readable half (the CSRF cookie beside the HttpOnly one). */
export const hasStaffCookie = () => readCsrfCookie('staff') !== '';

/** The session the staff cookie holds, as the server knows it (GET /api/admin/me); null when it has none, or it ended. */
export async function restoreStaffSession(): Promise<StaffSessionValue | null> {
  try {
    const res = await fetch('/api/admin/me', { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as StaffSessionValue;
    return body.user && new Date(body.expiresAt) > new Date() ? { user: body.user, expiresAt: body.expiresAt } : null;
  } catch {
    return null;
  }
}

export function saveStaffSession(value: StaffSessionValue | null) {
  if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
  else sessionStorage.removeItem(KEY);
}

export function staffHttp(onRejected: () => void): HttpClient {
  return createHttpClient({ getCsrfToken: () => readCsrfCookie('staff'), onSessionRejected: onRejected });
}

export interface Console {
  session: StaffSessionValue;
  http: HttpClient;
  signOut: () => void;
}

export const ConsoleContext = createContext<Console | null>(null);

export function useConsole(): Console {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole() outside the console');
  return value;
}

export const isSupervisor = (session: StaffSessionValue) => session.user.role === 'supervisor';
