import fs from 'node:fs';
import path from 'node:path';

/**
 * The client's import graph between its modules, for the cycle check (import-cycles.test.ts,
 * docs/architecture.md "The client"). A module is a folder that is a unit of the client:
 * `app`, `boot`, each `shared/<name>` and each `features/<name>`; `main.tsx` is its own.
 * Only relative imports count (packages and `@gp/common` cannot import the client back).
 */

const SOURCE = /\.(ts|tsx)$/;
/** `import … from '…'`, `export … from '…'`, `import('…')` and bare `import '…'`. */
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** The module a file of `root` belongs to (`shared/i18n`, `features/keno`, `app`, …). */
export function moduleOf(root: string, file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === 'shared' || parts[0] === 'features') return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts.join('/');
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(SOURCE, '');
}

/** Module → the modules its non-test files import (itself excluded). */
export function moduleGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(root)) {
    if (/\.test\.tsx?$/.test(file)) continue; // a test may reach wherever it needs to
    const from = moduleOf(root, file);
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (!target.startsWith(root + path.sep)) continue;
      const to = moduleOf(root, target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The cycles of a graph: each strongly connected component of more than one module (Tarjan), its members sorted. */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}
