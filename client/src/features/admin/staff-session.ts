import { createContext, useContext } from 'react';
import type { User } from '@gp/common';
import { createHttpClient, type HttpClient } from '../../shared/api/http-client.ts';
import { readCsrfCookie } from '../../shared/api/csrf-cookie.ts';

/**
 * The console's own session (password + TOTP, POST /api/admin/auth/verify): an HttpOnly cookie of
 * its own (`gp_staff`, sent only to /api/admin and the job board), never mixed with a member login
 * on the same site and never readable by a script. This tab keeps only who signed in and until when
 * (sessionStorage, gone with the tab); its HTTP client sends the staff CSRF token.
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
