import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

/**
 * Install scripts (issue 29 item 9): npm runs a dependency's install script only when package.json
 * `allowScripts` names the package, `.npmrc` makes any other one fail the install
 * (`strict-allow-scripts`), and `overrides` pins each allowed package to the version reviewed.
 */
describe('install scripts', () => {
  it('lets only the listed packages run install scripts, each pinned to the version in the lockfile', () => {
    const npmrc = fs.readFileSync(path.join(root, '.npmrc'), 'utf8');
    expect(npmrc).toMatch(/^strict-allow-scripts=true$/m);
    const pkg = readJson('package.json') as { allowScripts: Record<string, boolean>; overrides: Record<string, string> };
    const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string; hasInstallScript?: boolean; os?: string[]; cpu?: string[] }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      // A platform package for another system is never installed here, so its script never runs.
      .filter(([, entry]) => (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch)))
      .map(([where, entry]) => ({ name: where.replace(/^.*node_modules\//, ''), version: entry.version }));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const { name, version } of withScripts) {
      expect(pkg.allowScripts[name], `${name} runs an install script but is not in allowScripts`).toBe(true);
      expect(pkg.overrides[name], `${name} is allowed to run scripts but its version is not pinned`).toBe(version);
    }
  });

  it('fails an install that brings a package with an unlisted install script, without running it', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-scripts-'));
    try {
      const dep = path.join(scratch, 'sneaky');
      fs.mkdirSync(dep);
      fs.writeFileSync(
        path.join(dep, 'package.json'),
        JSON.stringify({ name: 'sneaky', version: '1.0.0', scripts: { postinstall: 'node -e "require(\'fs\').writeFileSync(\'../../ran\', \'x\')"' } }),
      );
      const project = path.join(scratch, 'project');
      fs.mkdirSync(project);
      fs.copyFileSync(path.join(root, '.npmrc'), path.join(project, '.npmrc'));
      fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'project', version: '1.0.0', private: true, dependencies: { sneaky: 'file:../sneaky' } }));
      const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: project, encoding: 'utf8' });
      expect(install.status).not.toBe(0);
      expect(install.stderr).toContain('ESTRICTALLOWSCRIPTS');
      expect(fs.existsSync(path.join(scratch, 'ran'))).toBe(false);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
