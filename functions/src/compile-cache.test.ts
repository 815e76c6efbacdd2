import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useCompileCache } from './compile-cache.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('useCompileCache', () => {
  it('leaves the cache off and writes nothing when no primed cache was shipped', () => {
    const root = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    made.push(root);
    const missing = join(root, 'absent');
    expect(useCompileCache(missing)).toBe(false);
    expect(() => rmSync(missing)).toThrow(/ENOENT/);
  });

  it('turns the cache on when the primed directory exists', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    made.push(dir);
    expect(useCompileCache(dir)).toBe(true);
  });
});
