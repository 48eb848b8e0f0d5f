import { textDirection } from '@gp/common/locales';

/** `<html lang dir>` follow the interface language (spec §1 lists the right-to-left ones). */
export function applyDocumentLocale(locale: string): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}
