import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firebaseInitProject } from '../test-utils/firebase-init-project.js';
import { initProject } from './init-project.js';
import { STARTER_EXPORT } from './write-starter-files.js';

/** Every file under `dir` with its text, to compare two runs. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('initProject', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("makes firebase-tools' TypeScript template ready for the kit, from its functions folder", () => {
    root = mkdtempSync(join(tmpdir(), 'cf-init-'));
    const functions = firebaseInitProject(root);
    const report = initProject(functions);
    expect(report.root).toBe(root);
    const pkg = json(join(functions, 'package.json'));
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.dependencies)).toEqual(
      expect.arrayContaining([
        '@callable-flows/kit',
        '@callable-flows/protocol',
        'zod',
        'firebase-admin',
        'firebase-functions',
      ]),
    );
    // The template's own versions are kept (firebase-admin ^13, which the kit's peers accept).
    expect(pkg.dependencies['firebase-admin']).toMatch(/^\^13\./);
    expect(pkg.scripts.test).toContain('node --test');
    expect(pkg.scripts.emulators).toContain('--import ../emulator-data --export-on-exit');
    expect(json(join(functions, 'tsconfig.json')).compilerOptions.target).toBe('es2022');
    expect(json(join(root, 'firebase.json')).firestore).toEqual({
      rules: 'firestore.rules',
      indexes: 'firestore.indexes.json',
    });
    expect(readFileSync(join(root, 'firestore.rules'), 'utf8')).toContain('callable-flows:begin');
    expect(existsSync(join(root, 'emulator-data'))).toBe(true);
    expect(readFileSync(join(functions, 'src/index.ts'), 'utf8')).toContain(STARTER_EXPORT);
    expect(readdirSync(join(functions, 'src')).sort()).toEqual([
      'index.ts',
      'meeting-rooms-function.ts',
      'meeting-rooms.test.ts',
      'meeting-rooms.ts',
    ]);
  });

  it('changes nothing when run again', () => {
    root = mkdtempSync(join(tmpdir(), 'cf-init-'));
    firebaseInitProject(root);
    initProject(root);
    const before = snapshot(root);
    expect(initProject(root).changed).toEqual([]);
    expect(snapshot(root)).toEqual(before);
  });

  it("keeps the project's own example files and scripts, and names ESLint's CommonJS config .cjs", () => {
    root = mkdtempSync(join(tmpdir(), 'cf-init-'));
    const functions = firebaseInitProject(root, { lint: true });
    initProject(root);
    expect(existsSync(join(functions, '.eslintrc.cjs'))).toBe(true);
    expect(readFileSync(join(functions, 'tsconfig.dev.json'), 'utf8')).toContain('.eslintrc.cjs');
    expect(json(join(functions, 'package.json')).scripts.lint).toBe('eslint --ext .js,.ts .');
  });

  it('refuses a folder with no firebase.json above it, writing nothing', () => {
    root = mkdtempSync(join(tmpdir(), 'cf-init-'));
    expect(() => initProject(root)).toThrow(/no firebase.json/);
    expect(readdirSync(root)).toEqual([]);
  });
});
