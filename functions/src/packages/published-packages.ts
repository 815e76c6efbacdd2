import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The repository's root (from src/packages/ or lib/packages/). */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** The workspaces published to the registry, in the order they import each other. */
export const PUBLISHED = ['protocol', 'kit', 'client'] as const;

/** One package as `npm pack --json` describes it. */
export interface PackedPackage {
  name: string;
  filename: string;
  files: { path: string }[];
}

/** Runs a command; when it fails, the error carries what it printed. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  try {
    return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/**
 * The repository as a clean clone holds it: the tracked (and not ignored) files of the published
 * workspaces and the root, so no dist/ built here can slip into a tarball. The dependencies are
 * this checkout's node_modules (linked, not installed again), which hold the compilers the builds need.
 */
export function cleanCopy(dir: string): string {
  const listed = run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', ...PUBLISHED], REPO_ROOT);
  const files = [...listed.split('\0').filter(Boolean), 'package.json', 'package-lock.json'];
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(dir, file), { dereference: false });
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** `npm pack` of the published workspaces in `root` (their `prepack` builds them), into `destination`. */
export function packPackages(root: string, destination: string, dryRun = false): PackedPackage[] {
  const workspaces = PUBLISHED.flatMap((name) => ['-w', name]);
  const args = ['pack', ...workspaces, '--json', '--pack-destination', destination, ...(dryRun ? ['--dry-run'] : [])];
  return JSON.parse(run('npm', args, root)) as PackedPackage[];
}
