import crypto from 'node:crypto';
import type { JobEffect } from './outbox.ts';

/** What a gathered job effect says of its kind: the array field of its data, and how many a job takes. */
export interface Gather {
  field: string;
  max: number;
}

/**
 * The job effects of one delivery with the gathered ones joined (see `JobEffectOf.gather`): those
 * of one queue, name, options and time become jobs of up to `max`, whose data's `field` lists what
 * each carried, in the order given. A queue then runs one job for a batch of orders, not one per
 * order — on the PostgreSQL backend a job costs about 3 ms of the database's time.
 *
 * One left alone keeps its own id, so a single order's purchase job is still found by its order. A
 * joined job is named by the first one's id, the count and a hash of every id, so delivering the
 * same effects again (a drain that died before deleting its rows) names the same job and adds
 * nothing. Effects grouped otherwise the second time make a second job for some items: what a
 * gathered job does must be idempotent per item, as the purchase is (each order moves
 * conditionally on its status).
 */
export function gatherJobs(effects: readonly JobEffect[]): JobEffect[] {
  const joined: JobEffect[] = [];
  const groups = new Map<string, JobEffect[]>();
  for (const effect of effects) {
    if (!effect.gather) {
      joined.push(effect);
      continue;
    }
    const key = JSON.stringify([effect.queue, effect.name, effect.runAt ?? null, effect.opts ?? null, effect.gather]);
    const group = groups.get(key);
    if (group) group.push(effect);
    else groups.set(key, [effect]);
  }
  for (const group of groups.values()) {
    const { max } = group[0]!.gather!;
    for (let i = 0; i < group.length; i += max) joined.push(join(group.slice(i, i + max)));
  }
  return joined;
}

function join(part: readonly JobEffect[]): JobEffect {
  const first = part[0]!;
  if (part.length === 1) return first;
  const { field } = first.gather!;
  const items = part.flatMap((effect) => (effect.data as Record<string, unknown[]>)[field] ?? []);
  const hash = crypto.createHash('sha1').update(part.map((effect) => effect.jobId).join('\n')).digest('hex').slice(0, 16);
  return { ...first, data: { ...first.data, [field]: items }, jobId: `${first.jobId}-and-${part.length - 1}-${hash}` } as JobEffect;
}
