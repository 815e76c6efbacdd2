import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanCopy, type PackedPackage, PUBLISHED, packPackages, run } from '../packages/published-packages.js';

// What the registry would receive: the published workspaces packed from a clean clone's files,
// where nothing is built until their `prepack` builds it.

interface Manifest {
  name: string;
  private?: boolean;
  bin?: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  scripts: Record<string, string>;
}

/** Every file an `exports` entry names (a `*` pattern stands for any file under its prefix). */
function exportTargets(manifest: Manifest): string[] {
  return Object.values(manifest.exports).flatMap((entry) =>
    (typeof entry === 'string' ? [entry] : Object.values(entry)).map((target) => target.replace(/^\.\//, '')),
  );
}

function matches(pattern: string, paths: string[]): boolean {
  if (!pattern.includes('*')) return paths.includes(pattern);
  const [prefix = '', suffix = ''] = pattern.split('*');
  return paths.some((path) => path.startsWith(prefix) && path.endsWith(suffix));
}

describe('the published packages', () => {
  let root = '';
  let packed: PackedPackage[] = [];
  const manifest = (name: string) => JSON.parse(readFileSync(join(root, name, 'package.json'), 'utf8')) as Manifest;
  const filesOf = (name: string) =>
    packed.find((p) => p.name === `@callable-flows/${name}`)?.files.map((f) => f.path) ?? [];

  beforeAll(() => {
    root = cleanCopy(mkdtempSync(join(tmpdir(), 'callable-flows-clean-')));
    packed = packPackages(root, root, true);
  }, 300_000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it.each(PUBLISHED)('%s is publishable: not private, built by its prepack', (name) => {
    const pkg = manifest(name);
    expect(pkg.private).toBeUndefined();
    expect(pkg.scripts.prepack).toContain('npm run build');
  });

  it.each(PUBLISHED)("%s's tarball holds every file its exports and bins name, and no source or test", (name) => {
    const files = filesOf(name);
    const pkg = manifest(name);
    expect(files).toContain('package.json');
    for (const target of [...exportTargets(pkg), ...Object.values(pkg.bin ?? {})]) {
      expect(matches(target, files), `${name}: ${target}`).toBe(true);
    }
    // The starter's templates are source a project copies (its example test among them), not the kit's own.
    const own = files.filter((f) => !f.startsWith('templates/'));
    expect(own.filter((f) => f.startsWith('src/') || f.includes('test-utils') || f.includes('.test.'))).toEqual([]);
  });

  it("the kit's tarball carries its Firestore rules and indexes", () => {
    expect(filesOf('kit')).toEqual(expect.arrayContaining(['firestore.rules', 'firestore.indexes.json', 'README.md']));
  });

  it('npm publish --dry-run takes each as it is, correcting nothing', () => {
    const args = ['publish', '--dry-run', '--ignore-scripts', ...PUBLISHED.flatMap((name) => ['-w', name]), '--json'];
    const output = run('bash', ['-c', `npm ${args.join(' ')} 2>&1`], root);
    for (const name of PUBLISHED) expect(output).toContain(`"id": "@callable-flows/${name}@`);
    expect(output).not.toMatch(/auto-corrected|invalid and removed|npm error/);
  });
});
