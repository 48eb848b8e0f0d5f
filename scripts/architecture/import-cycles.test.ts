import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, moduleGraph } from './import-graph.ts';

const CLIENT = path.resolve(import.meta.dirname, '../../client/src');

/**
 * docs/architecture.md "The client": the client's modules (app, boot, each shared/<name>, each
 * features/<name>) import one another without a cycle, so each can be read, tested and moved from
 * the bottom up. ESLint's boundaries rule fixes the direction between the layers (boot → app →
 * features → shared); this finds a cycle anywhere, inside shared/ too (i18n ↔ ui, api ↔ session once).
 */
describe('the client import graph', () => {
  it('has no cycle between modules', () => {
    expect(cyclesOf(moduleGraph(CLIENT))).toEqual([]);
  });

  it('sees the modules and the edges it checks (a graph read wrong would have no cycles either)', () => {
    const graph = moduleGraph(CLIENT);
    expect(graph.get('boot')).toContain('app');
    expect(graph.get('shared/ui')).toContain('shared/i18n');
    expect(graph.get('shared/session')).toContain('shared/api');
    expect([...graph.keys()].filter((m) => m.startsWith('features/')).length).toBeGreaterThan(10);
  });

  it('finds a cycle of two and one of three, and nothing in a chain', () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));
    expect(cyclesOf(graph({ app: ['boot'], boot: ['app'] }))).toEqual([['app', 'boot']]);
    expect(cyclesOf(graph({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [] }))).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });
});
