import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ERROR_CATALOGUE } from '@gp/common';
import { OPERATIONS } from '../../server/src/openapi/document.ts';
import { ADMIN_ACCESS } from '../../server/src/staff/access.ts';
import { escapeCell, REPO_ROOT } from './markdown.ts';

/**
 * The reference parts of docs/api.md, made from what the server serves: the error codes
 * (common/src/errors.ts) and every route of the JSON API with who may call it and what it does
 * (the OpenAPI operations, server/src/openapi/document.ts; the back office's from staff/access.ts).
 */

export function errorTable(): string {
  const rows = Object.entries(ERROR_CATALOGUE).map(([code, entry]: [string, { status: number; alsoStatus?: number; message: string }]) => {
    const status = entry.alsoStatus ? `${entry.status} / ${entry.alsoStatus}` : String(entry.status);
    return `| \`${code}\` | ${status} | ${escapeCell(entry.message)} |`;
  });
  return ['| code | status | English message |', '|---|---|---|', ...rows].join('\n');
}

const WHO: Record<string, string> = { public: 'anyone', staff: 'staff', supervisor: 'supervisor' };

/** Who may call an operation: anyone, a member, staff (operators and supervisors) or a supervisor. */
function whoMay(op: (typeof OPERATIONS)[number]): string {
  if (op.path.startsWith('/api/admin/')) {
    const route = `${op.method.toUpperCase()} ${op.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`;
    const who = (ADMIN_ACCESS as Record<string, string>)[route];
    if (who) return WHO[who]!;
  }
  return op.auth === 'member' ? 'member' : op.auth === 'operator' ? 'staff' : 'anyone';
}

/** The areas of the API by the first segment after /api (a segment not named here goes under "Other"). */
const AREAS: Array<[area: string, segments: string[]]> = [
  ['Platform', ['health', 'openapi.json', 'site']],
  ['Accounts and sign-in', ['auth', 'me', 'account']],
  ['Points: wallet, PIN codes, deposits', ['wallet', 'pins', 'deposits']],
  ['Games: products, draws, results, odds', ['products', 'draw-products', 'keno', 'results', 'football']],
  ['Orders', ['orders']],
  ['Inbox and customer service', ['inbox', 'support']],
  ['Back office', ['admin']],
];

/** The JSON API's routes, one table per area, each in the document's order. */
export function routeTables(): string {
  const groups = new Map<string, string[]>(AREAS.map(([area]) => [area, []]));
  for (const op of OPERATIONS) {
    const segment = op.path.split('/')[2]!;
    const area = AREAS.find(([, segments]) => segments.includes(segment))?.[0] ?? 'Other';
    const row = `| \`${op.method.toUpperCase()} ${op.path}\` | ${whoMay(op)} | ${escapeCell(op.summary)} |`;
    groups.set(area, [...(groups.get(area) ?? []), row]);
  }
  return [...groups]
    .filter(([, rows]) => rows.length)
    .map(([area, rows]) => [`### ${area}`, '', '| route | who | what it does |', '|---|---|---|', ...rows].join('\n'))
    .join('\n\n');
}

/** The names of the events the server sends (common/src/events.ts `ServerToClientEvents`). */
export function serverEventNames(): string[] {
  const file = path.join(REPO_ROOT, 'common/src/events.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const names: string[] = [];
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'ServerToClientEvents') {
      for (const member of node.members) if (member.name) names.push(member.name.getText(source));
    }
  });
  return names;
}
