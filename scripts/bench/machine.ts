import fs from 'node:fs';
import path from 'node:path';

/**
 * How many 8 KB writes a second this disk makes durable, one after another (each followed by
 * `fdatasync`, as a PostgreSQL commit waits for its WAL): what bounds commits here, and what
 * moves most between two runs on a shared machine. Printed beside the figures so that a slow
 * evening shows as one; about half a second.
 */
export function syncWritesPerSecond(dir: string, seconds = 0.5): number {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `sync-probe-${process.pid}`);
  const block = Buffer.alloc(8192, 1);
  const fd = fs.openSync(file, 'w');
  try {
    const start = process.hrtime.bigint();
    let writes = 0;
    let elapsed = 0;
    while (elapsed < seconds) {
      fs.writeSync(fd, block, 0, block.length, (writes % 64) * block.length);
      fs.fdatasyncSync(fd);
      writes++;
      elapsed = Number(process.hrtime.bigint() - start) / 1e9;
    }
    return Math.round(writes / elapsed);
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
}
