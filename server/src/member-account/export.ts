import type { ExportFormat } from '@gp/common';
import type { Executor } from '../db/database.ts';
import { csvCell } from '../platform/csv.ts';
import { EXPORT_SECTIONS, type ExportRow } from './repo.ts';

/** Rows read per query: a long history is read and written a page at a time, never held whole. */
export const EXPORT_PAGE_ROWS = 500;

/** Where the export's text goes, a chunk at a time; `write` resolves once the chunk may be followed (backpressure). */
export interface ExportSink {
  write(chunk: string): Promise<void>;
}

/** Times as UTC ISO strings; JSON columns (order plays, message parameters) as their JSON. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value;
}
function cellOf(value: unknown): string | number | null {
  const v = plain(value);
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return v as string | number;
}
const plainRow = (row: ExportRow) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)]));

/** Each section's rows, page by page (keyset on `id`). */
async function* pagesOf(db: Executor, userId: number, section: (typeof EXPORT_SECTIONS)[number]) {
  let after = 0;
  for (;;) {
    const rows = await section.rows(db, userId, after, EXPORT_PAGE_ROWS);
    if (rows.length) yield rows;
    if (!section.paged || rows.length < EXPORT_PAGE_ROWS) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/**
 * Writes everything held on the member (issue 32 item 5) to `sink`, section by section, a page at a
 * time. Only the member's own rows are read: every section's query is by `user_id` (support
 * messages by their thread's).
 *
 * - JSON: one document, `{ format, exportedAt, timeZone: "UTC", amounts, <section>: [rows…] }`
 *   (`profile` is one object).
 * - CSV: one file a spreadsheet opens. Each section starts with its own header row whose first
 *   cell is `section`, every row of it starts with the section's name, and a blank line separates
 *   sections; nested values (an order's plays, a message's parameters) are JSON in their cell.
 */
export async function writeExport(db: Executor, userId: number, format: ExportFormat, exportedAt: Date, sink: ExportSink) {
  if (format === 'json') {
    await sink.write(
      `{"format":"gpoints-export-1","exportedAt":${JSON.stringify(exportedAt.toISOString())},"timeZone":"UTC","amounts":"GP hundredths (100 = 1 GP)"`,
    );
    for (const section of EXPORT_SECTIONS) {
      if (section.name === 'profile') {
        const [profile] = await section.rows(db, userId, 0, 1);
        await sink.write(`,"profile":${JSON.stringify(profile ? plainRow(profile) : null)}`);
        continue;
      }
      await sink.write(`,${JSON.stringify(section.name)}:[`);
      let first = true;
      for await (const rows of pagesOf(db, userId, section)) {
        await sink.write((first ? '' : ',') + rows.map((row) => JSON.stringify(plainRow(row))).join(','));
        first = false;
      }
      await sink.write(']');
    }
    await sink.write('}\n');
    return;
  }
  await sink.write(`${['section', 'exported_at', 'time_zone', 'amounts'].map(csvCell).join(',')}\r\n${['export', exportedAt.toISOString(), 'UTC', 'GP hundredths (100 = 1 GP)'].map(csvCell).join(',')}\r\n`);
  for (const section of EXPORT_SECTIONS) {
    let header: string[] | undefined;
    for await (const rows of pagesOf(db, userId, section)) {
      let text = '';
      if (!header) {
        header = Object.keys(rows[0]!);
        text += `\r\n${['section', ...header].map(csvCell).join(',')}\r\n`;
      }
      for (const row of rows) text += `${[section.name, ...header.map((column) => cellOf(row[column]))].map(csvCell).join(',')}\r\n`;
      await sink.write(text);
    }
    // A section with no rows still shows it is empty.
    if (!header) await sink.write(`\r\n${csvCell('section')}\r\n${csvCell(section.name)}\r\n`);
  }
}
