import { totalmem } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { instanceMemoryBytes } from './instance-memory.js';

const saved = process.env.FUNCTION_MEMORY_MB;
afterEach(() => {
  if (saved === undefined) delete process.env.FUNCTION_MEMORY_MB;
  else process.env.FUNCTION_MEMORY_MB = saved;
});

describe('instanceMemoryBytes', () => {
  it('is the memory the platform names when it sets FUNCTION_MEMORY_MB', () => {
    process.env.FUNCTION_MEMORY_MB = '512';
    expect(instanceMemoryBytes()).toBe(512 * 2 ** 20);
  });

  it('is at most the machine’s memory when the platform names none', () => {
    delete process.env.FUNCTION_MEMORY_MB;
    const bytes = instanceMemoryBytes();
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(totalmem());
  });
});
