import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/db/embedded-postgres.ts';

export const REDIS_BINARY = process.env.REDIS_SERVER_BIN ?? 'redis-server';

export function redisAvailable(): boolean {
  return spawnSync(REDIS_BINARY, ['--version'], { stdio: 'ignore' }).status === 0;
}

export interface RedisOptions {
  /** A fixed port, to restart a server "in place" (default: a free one). */
  port?: number;
  /** With a directory, the server keeps an append-only file there (`appendfsync always`). */
  aofDir?: string;
}

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** SIGKILL: the server dies as in a crash. */
  kill(): Promise<void>;
}

/** A throwaway redis-server on a loopback port: no persistence, or an AOF in `aofDir`. */
export async function startRedis(options: RedisOptions = {}): Promise<RedisServer> {
  const port = options.port ?? (await freePort());
  const persistence = options.aofDir
    ? ['--dir', options.aofDir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '']
    : ['--save', '', '--appendonly', 'no'];
  const child: ChildProcess = spawn(
    REDIS_BINARY,
    ['--port', String(port), '--bind', '127.0.0.1', ...persistence, '--maxmemory-policy', 'noeviction'],
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
  const ended = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => ended('SIGTERM'), kill: () => ended('SIGKILL') };
}
