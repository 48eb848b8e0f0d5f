import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './markdown.ts';

/** Folders that hold no documentation of ours (dependencies, builds, local data, reports). */
const SKIPPED = new Set(['node_modules', 'dist', 'dev-dist', '.git', '.tmp', 'coverage', 'test-results', 'playwright-report']);

/** Every Markdown file of the repository (README.md, docs/, deploy/, …), relative to its root. */
export function markdownFiles(dir = REPO_ROOT): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('.data') ? [] : markdownFiles(path.join(dir, entry.name));
      return entry.name.endsWith('.md') ? [path.join(dir, entry.name)] : [];
    })
    .map((file) => path.relative(REPO_ROOT, path.resolve(REPO_ROOT, file)))
    .sort();
}

/** The page without its fenced code blocks (links in examples are not links). */
const prose = (page: string) => page.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** The targets of the page's links: `[text](target "title")` and `[ref]: target`. */
export function linkTargets(page: string): string[] {
  const text = prose(page);
  const inline = [...text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens (`## The API` → `the-api`). */
export function headingAnchors(page: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(page).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading!.replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * What is wrong with the links of one page (relative to the repository root): a target outside the
 * repository, a file that does not exist, an anchor no heading of the target has, or an absolute
 * path (which means one thing on GitHub and another in a clone).
 */
export function linkProblems(file: string): string[] {
  const page = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const problems: string[] = [];
  for (const target of linkTargets(page)) {
    if (EXTERNAL.test(target)) continue;
    if (target.startsWith('/')) {
      problems.push(`${file}: ${target} is an absolute path; link relative to the page`);
      continue;
    }
    const [filePart = '', anchor] = target.split('#', 2);
    const resolved = filePart ? path.resolve(REPO_ROOT, path.dirname(file), decodeURIComponent(filePart)) : path.join(REPO_ROOT, file);
    if (resolved !== REPO_ROOT && !resolved.startsWith(REPO_ROOT + path.sep)) {
      problems.push(`${file}: ${target} leaves the repository`);
      continue;
    }
    if (!fs.existsSync(resolved)) {
      problems.push(`${file}: ${target} does not exist`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && !headingAnchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
      problems.push(`${file}: ${target} names no heading of ${path.relative(REPO_ROOT, resolved)}`);
    }
  }
  return problems;
}

/**
 * Mentions, outside links, of files a clone does not have: a `../` path that climbs out of the
 * repository, or the design notes and references the project was built from (not part of it).
 */
export function outsideMentions(file: string): string[] {
  const page = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const problems: string[] = [];
  for (const [mention] of page.matchAll(/(?:\.\.\/)+[\w./-]+/g)) {
    const resolved = path.resolve(REPO_ROOT, path.dirname(file), mention);
    if (!resolved.startsWith(REPO_ROOT + path.sep)) problems.push(`${file}: ${mention} is outside the repository`);
  }
  for (const [mention] of page.matchAll(/\bshared\/(?:design|spec|reference)\/[\w.-]*|\/work\/[\w./-]+/g)) problems.push(`${file}: ${mention} is not in the repository`);
  // Any Markdown file the text names (`docs/api.md`, `ARCHITECTURE.md`) is one of ours: relative to the page or to the root.
  for (const [mention] of page.matchAll(/(?<![\w/.-])[\w./-]*[\w-]\.md\b/g)) {
    const candidates = [path.resolve(REPO_ROOT, path.dirname(file), mention), path.resolve(REPO_ROOT, mention)];
    if (!candidates.some((candidate) => candidate.startsWith(REPO_ROOT + path.sep) && fs.existsSync(candidate))) problems.push(`${file}: ${mention} is not a file of the repository`);
  }
  return problems;
}
