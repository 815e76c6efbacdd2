import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The built manifest (functions/dist, what Cloud Functions loads), copied beside a compile cache
// directory of its own; a fresh process imports it and reports, for each module it loaded,
// whether the compile cache was on at that moment.

const FUNCTIONS = resolve(import.meta.dirname, '..');
const DIST = join(FUNCTIONS, 'dist');
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** The built functions in a directory of their own, with a `.compile-cache` directory when `shipped`. */
function copyOfBuild(shipped: boolean): string {
  if (!existsSync(join(DIST, 'index.js'))) throw new Error('functions/dist is not built: npm run build -w functions');
  const root = mkdtempSync(join(tmpdir(), 'compile-cache-on-'));
  copies.push(root);
  cpSync(DIST, join(root, 'dist'), { recursive: true });
  cpSync(join(FUNCTIONS, 'package.json'), join(root, 'package.json'));
  symlinkSync(resolve(FUNCTIONS, '..', 'node_modules'), join(root, 'node_modules'), 'dir');
  if (shipped) mkdirSync(join(root, '.compile-cache'));
  return root;
}

// Runs in the child before anything else: records each CommonJS module as it is compiled (the
// loader's \`_compile\`), with whether the cache was on then. firebase-admin and its dependencies
// are CommonJS, compiled when the manifest's imports run.
const RECORDER = `
import { getCompileCacheDir } from 'node:module';
const Module = process.getBuiltinModule('node:module');
const compiled = [];
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename, ...rest) {
  compiled.push([filename, getCompileCacheDir() !== undefined]);
  return compile.call(this, content, filename, ...rest);
};
process.on('exit', () => process.stdout.write(JSON.stringify(compiled)));
`;

/** The CommonJS modules a fresh process compiles importing the manifest, each with whether the cache was on. */
function compiledBy(root: string): Array<[string, boolean]> {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(RECORDER)}`,
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(pathToFileURL(join(root, 'dist', 'index.js')).href)})`,
    ],
    { encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: '' } },
  );
  return JSON.parse(out) as Array<[string, boolean]>;
}

const cacheOn = (compiled: Array<[string, boolean]>, part: RegExp) => {
  const matching = compiled.filter(([file]) => part.test(file));
  expect(matching.length).toBeGreaterThan(0);
  return matching.map(([, on]) => on);
};

describe('the manifest turns the compile cache on first', () => {
  it('compiles the firebase-admin modules firebase-functions loads with the shipped cache on', () => {
    const compiled = compiledBy(copyOfBuild(true));
    for (const part of [/firebase-admin\/lib\/auth\/index\.js$/, /google-auth-library\/build\/src\/index\.js$/]) {
      expect(cacheOn(compiled, part)).toEqual([true]);
    }
    expect(compiled.filter(([, on]) => !on).map(([file]) => file)).toEqual([]);
  });

  it('leaves it off when no cache was shipped', () => {
    const compiled = compiledBy(copyOfBuild(false));
    expect(cacheOn(compiled, /firebase-admin\/lib\/auth\/index\.js$/)).toEqual([false]);
  });
});
