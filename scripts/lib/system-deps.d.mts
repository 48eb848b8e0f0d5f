/** Types of ./system-deps.mjs for the TypeScript scripts that use it. */
export interface SystemDep {
  binary: string;
  pkg: string;
  why: string;
}
export const SYSTEM_DEPS: SystemDep[];
export const PGBENCH_DEP: SystemDep;
export function ensureSystemDeps(deps?: SystemDep[], options?: { exit?: boolean }): boolean;
