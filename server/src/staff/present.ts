import { DEFAULT_LOCALE, isLocale, type User } from '@gp/common';

export function presentStaffUser(row: { id: number | number; name: string; email: string; locale: string; role: User['role'] }): User {
  return { id: String(row.id), name: row.name, email: row.email, locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE, role: row.role };
}
