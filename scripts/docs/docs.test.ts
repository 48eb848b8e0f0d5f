import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../server/src/config.ts';
import { configKeys, configTable, defaultText } from './config-table.ts';
import { REPO_ROOT } from './markdown.ts';
import { headingAnchors, linkProblems, linkTargets, markdownFiles, outsideMentions } from './links.ts';
import { unknownNames, unknownScripts } from './names.ts';
import { generatedPages } from './pages.ts';

describe('docs/ says what the code says', () => {
  it.each(generatedPages().map((page) => [page.file, page] as const))('%s: its generated parts are up to date (npm run docs:generate)', (_file, page) => {
    expect(page.current).toBe(page.expected);
  });

  it('the settings table has one row per key of the config schema, in its order', () => {
    const rows = configTable()
      .split('\n')
      .slice(2)
      .map((row) => /^\| `(\w+)` \|/.exec(row)?.[1]);
    expect(rows).toEqual(Object.keys(configSchema.shape));
  });

  it.each(configKeys().filter((key) => defaultText(key) !== undefined))('%s: the default the table shows, set in the environment, is the default', (key) => {
    const field = configSchema.shape[key as keyof typeof configSchema.shape];
    const text = defaultText(key)!;
    const fromTable = field.parse(key === 'CLIENT_DIST' ? `${REPO_ROOT}/${text}` : text);
    expect(fromTable).toEqual(field.parse(undefined));
  });
});

describe('links in README.md, docs/ and every other Markdown file stay inside the repository', () => {
  const files = markdownFiles();

  it('finds the pages', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'docs/architecture.md', 'deploy/README.md']));
  });

  it.each(files)('%s: every relative link resolves to a file (and heading) of the repository', (file) => {
    expect(linkProblems(file)).toEqual([]);
  });

  it.each(files)('%s: names no file outside the repository', (file) => {
    expect(outsideMentions(file)).toEqual([]);
  });

  it.each(files)('%s: every setting or constant it quotes exists in the code, every `npm run` it gives is a script', (file) => {
    expect([...unknownNames(file), ...unknownScripts(file)]).toEqual([]);
  });
});

describe('the link checker', () => {
  it('reads inline and reference links, not the ones in code blocks', () => {
    const page = ['See [the API](docs/api.md#errors "errors") and ![a](img.png).', '', '```', '[not a link](nowhere.md)', '```', '[ref]: ../outside.md'].join('\n');
    expect(linkTargets(page)).toEqual(['docs/api.md#errors', 'img.png', '../outside.md']);
  });

  it('knows a setting from a name the code never had, and a script from one that is not there', () => {
    const page = path.join('.tmp', 'names-probe.md');
    fs.mkdirSync(path.join(REPO_ROOT, '.tmp'), { recursive: true });
    fs.writeFileSync(path.join(REPO_ROOT, page), 'Set `PURCHASE_GATEWAY=manual`, not `PURCHASE_GATEWAYS`; run `npm run docs:generate`, `npm run build -w client`, not `npm run docs:make`.\n');
    try {
      expect(unknownNames(page)).toEqual([`${page}: PURCHASE_GATEWAYS is not a name the code knows`]);
      expect(unknownScripts(page)).toEqual([`${page}: npm run docs:make is no script`]);
    } finally {
      fs.rmSync(path.join(REPO_ROOT, page));
    }
  });

  it("makes GitHub's anchors, numbering repeats", () => {
    expect([...headingAnchors('# The `npm test` run\n## Two modes, one code path\n## Notes\n## Notes')]).toEqual(['the-npm-test-run', 'two-modes-one-code-path', 'notes', 'notes-1']);
  });
});
