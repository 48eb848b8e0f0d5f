import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shellMessageIds } from '../../../build/catalogue-parts.ts';
import en from './messages/en.json';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-parts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function source(name: string, text: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('the shell part of the catalogue', () => {
  const ids = ['nav.home', 'nav.orders', 'error.unauthorized', 'error.not_found', 'keno.title', 'admin.title'];

  it('holds the ids the shell writes out, and every id under a prefix it completes at run time', () => {
    const header = source('header.tsx', `<FormattedMessage id="nav.home" />; t({ id: 'nav.orders' });`);
    const errors = source('errors.ts', 'export const describe = (code: string) => ({ id: `error.${code}` as MessageId });');
    expect([...shellMessageIds(ids, [header, errors])].sort()).toEqual(['error.not_found', 'error.unauthorized', 'nav.home', 'nav.orders']);
  });

  it('ignores strings that are not message ids', () => {
    const file = source('misc.ts', `const url = 'keno.example.com'; const title = "admin"; const key = 'keno.titles';`);
    expect(shellMessageIds(ids, [file]).size).toBe(0);
  });

  it('covers the messages the real frame and home page use: the navigation, the errors, the home page', () => {
    const shell = shellMessageIds(Object.keys(en));
    // the header, the footer (a quoted id in a link list), an API error (`error.${code}`), the home page
    for (const id of ['nav.home', 'footer.company', 'error.forbidden', 'error.account_locked', 'home.cta.join']) expect(shell.has(id), id).toBe(true);
    expect([...shell].some((id) => id.startsWith('admin.'))).toBe(false); // the console is a page of its own
  });
});
