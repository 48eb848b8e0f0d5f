/**
 * CSV as spreadsheets read it (RFC 4180, CRLF line ends). A cell is quoted when it holds a comma,
 * a quote or a line break; a cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab
 * or a carriage return first, OWASP "CSV injection") gets a leading `'`, since member names and
 * ticket lines are typed by people (a plain negative number stays a number).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header and rows as one CSV document. */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
