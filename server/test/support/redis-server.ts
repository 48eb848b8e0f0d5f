import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/db/embedded-postgres.ts';

export const REDIS_BINARY = process.env.REDIS_SERVER_BIN ?? 'redis-server';

export function redisAvailable(): boolean {
  return spawnSync(REDIS_BINARY, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A throwaway redis-server on a free loopback port, no persistence. */
export async function startRedis(): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_BINARY,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start within 10 s')), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
