import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';

const MiB = 2 ** 20;

function cgroupLimit(): number | undefined {
  // cgroup v2, then v1; "max" or a huge number means no limit of its own.
  for (const path of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    try {
      const text = readFileSync(path, 'utf8').trim();
      if (/^\d+$/.test(text)) return Number(text);
    } catch {
      // Not there (another OS, a sandbox that hides it): try the next.
    }
  }
  return undefined;
}

/**
 * The memory of this function instance, in bytes: `FUNCTION_MEMORY_MB` when the platform sets
 * it, else the container's cgroup limit, else the machine's total memory (what Cloud Run shows
 * a container as its total), whichever is smallest of the last two.
 */
export function instanceMemoryBytes(): number {
  const mb = Number(process.env.FUNCTION_MEMORY_MB);
  if (Number.isFinite(mb) && mb > 0) return mb * MiB;
  return Math.min(cgroupLimit() ?? Number.POSITIVE_INFINITY, totalmem());
}
