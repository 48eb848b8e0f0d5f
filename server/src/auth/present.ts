import { isLocale, DEFAULT_LOCALE, type User } from '@gp/common';
import type { UserRecord } from './repo.ts';

export function presentUser(row: Omit<UserRecord, 'password_hash' | 'locked_at' | 'closed_at'>): User {
  return {
    id: String(row.id),
    name: row.name,
    email: row.email,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    role: row.role,
  };
}
