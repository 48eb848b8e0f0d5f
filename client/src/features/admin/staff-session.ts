import { createContext, useContext } from 'react';
import type { User } from '@gp/common';
import { createHttpClient, type HttpClient } from '../../shared/api/http-client.ts';

/**
 * The console's own session: a staff token (password + TOTP, POST /api/admin/auth/verify), kept
 * in sessionStorage — this tab only, gone with it — and never mixed with a member login on the
 * same site. Its HTTP client carries that token.
 */
const KEY = 'gp.staff';

export interface StaffSessionValue {
  token: string;
  user: User;
  expiresAt: string;
}

export function loadStaffSession(): StaffSessionValue | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as StaffSessionValue;
    return new Date(value.expiresAt) > new Date() ? value : null;
  } catch {
    return null;
  }
}

export function saveStaffSession(value: StaffSessionValue | null) {
  if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
  else sessionStorage.removeItem(KEY);
}

export function staffHttp(token: string, onRejected: () => void): HttpClient {
  return createHttpClient({ getToken: () => token, onSessionRejected: onRejected });
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
