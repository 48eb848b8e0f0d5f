import { isLocale, DEFAULT_LOCALE, type User } from '@gp/common';
import type { Id } from '../platform/ids.ts';
import type { UserRecord } from './repo.ts';

/** The signed-in user as the server uses it: common's `User` with the server's `Id`. */
export type SessionUser = Omit<User, 'id'> & { id: Id };

export function sessionUserOf(row: Omit<UserRecord, 'password_hash' | 'locked_at'>): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    role: row.role,
  };
}

/** The user in an API answer (`/me`, a sign-in): the id as the JSON's decimal string. */
export const presentUser = (user: SessionUser): User => ({ ...user, id: String(user.id) });
