import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/call-path.mjs, run as a person runs it, over a small tree made for the test.
const SCRIPT = fileURLToPath(new URL('../../../scripts/call-path.mjs', import.meta.url));
const tree = mkdtempSync(join(tmpdir(), 'call-path-'));
const files: Record<string, string> = {
  'entry.ts': [
    "import { check, log } from './util/index.js';",
    "import { Store } from './store.js';",
    'export function start(input: string, other: string) {',
    '  const trimmed = input.trim();',
    '  log(other);',
    '  check(trimmed);',
    '  return new Store().save(trimmed);',
    '}',
  ].join('\n'),
  'util/index.ts': "export { check } from './check.js';\nexport * from './log.js';\n",
  'util/check.ts': [
    "import { log } from './log.js';",
    'export function check({ value }: { value: string }) {',
    '  log(value);',
    '}',
  ].join('\n'),
  'util/log.ts': 'export function log(text: string) {\n  return text;\n}\n',
  'store.ts': [
    "import { check } from './util/index.js';",
    'export class Store {',
    '  save(data: string) {',
    '    check(data);',
    '    return this.commit(data);',
    '  }',
    '  commit(data: string) {',
    '    return data;',
    '  }',
    '}',
  ].join('\n'),
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), text);
}
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const walk = (...legs: string[]) =>
  JSON.parse(
    execFileSync(process.execPath, [SCRIPT, '--json', '--root', tree, '--target', 'store.ts:Store.commit', ...legs], {
      encoding: 'utf8',
    }),
  );

describe('scripts/call-path.mjs', () => {
  it('follows only the calls that pass the input on, through re-exports and into a method, to the target', () => {
    const path = walk('entry.ts:start:input', 'store.ts:Store.save:data');
    // `log(other)` is not followed; `check(trimmed)` is (trimmed holds the input), then `log` in
    // it. A method of an object (`new Store().save`) is not: the next leg starts there. Its
    // `check` enters check.ts again without walking it again, and `this.commit` is the target.
    expect(path.stays).toEqual([
      'entry.ts',
      'util/check.ts',
      'util/log.ts',
      'util/check.ts',
      'entry.ts',
      'store.ts',
      'util/check.ts',
      'store.ts',
    ]);
    expect(path).toMatchObject({ files: 4, reentries: 4, mostReentered: { file: 'util/check.ts', times: 2 } });
    expect(path.legs).toEqual([
      { from: 'entry.ts:start:input', to: 'store.ts:Store.save:data', reached: false },
      { from: 'store.ts:Store.save:data', to: 'store.ts:Store.commit', reached: true },
    ]);
  });

  it('follows every named call when no input is named', () => {
    const path = walk('entry.ts:start');
    expect(path.stays.slice(0, 3)).toEqual(['entry.ts', 'util/log.ts', 'entry.ts']);
  });

  it('starts each leg where the one before it stops', () => {
    const path = walk('util/log.ts:log:text', 'store.ts:Store.save:data');
    expect(path.legs.map((leg: { reached: boolean }) => leg.reached)).toEqual([false, true]);
    expect(path.stays[0]).toBe('util/log.ts');
    expect(path.stays.at(-1)).toBe('store.ts');
  });
});
