import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firebaseInitProject } from '@callable-flows/kit/test-utils/firebase-init-project.js';
import { cleanCopy, packPackages } from '../packages/published-packages.js';
import type { BenchTable } from './bench-table.js';

// The starter as a newcomer lives through it, timed as whole processes: firebase-tools' own
// TypeScript template, then the guide's commands in functions/. npm's cache is a new, empty
// directory (what a fresh machine has), so every package comes from the registry. The packages
// are packed from a clean copy first: the registry's stand-in, timed apart and not in the total.

/** One step: its wall time, and the CPU its processes used (user + system), from /usr/bin/time. */
interface Step {
  label: string;
  wallS: number;
  cpuS?: number;
}

const TIME = '/usr/bin/time';

/** Runs `command` in `cwd` as a whole process and times it; throws with its output when it fails. */
function timed(label: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Step {
  const withTime = existsSync(TIME);
  const started = performance.now();
  const result = withTime
    ? spawnSync(TIME, ['-f', 'cpu %U %S', command, ...args], { cwd, env, encoding: 'utf8' })
    : spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  const wallS = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(result.stderr ?? '');
  return { label, wallS, ...(cpu ? { cpuS: Number(cpu[1]) + Number(cpu[2]) } : {}) };
}

const seconds = (value: number | undefined): string => (value === undefined ? '–' : `${value.toFixed(1)} s`);

/** `npx @callable-flows/kit init` in a `firebase init` project to its first passing `npm test`. */
export async function runStarterBench(): Promise<BenchTable> {
  const root = mkdtempSync(join(tmpdir(), 'callable-flows-starter-bench-'));
  try {
    const functions = firebaseInitProject(root);
    const env = { ...process.env, npm_config_cache: join(root, 'npm-cache'), npm_config_update_notifier: 'false' };
    const packStarted = performance.now();
    const packed = packPackages(cleanCopy(join(root, 'clone')), root);
    const packS = (performance.now() - packStarted) / 1000;
    const tarball = (name: string) => join(root, packed.find((p) => p.name === name)?.filename ?? name);
    const npm = ['--no-audit', '--no-fund'];
    const steps = [
      timed(
        '`npm install <kit.tgz> <protocol.tgz>` (with the template’s own dependencies)',
        'npm',
        ['install', tarball('@callable-flows/kit'), tarball('@callable-flows/protocol'), ...npm],
        functions,
        env,
      ),
      timed('`npx @callable-flows/kit init`', 'npx', ['@callable-flows/kit', 'init'], functions, env),
      timed('`npm install` (what the starter added)', 'npm', ['install', ...npm], functions, env),
      timed('`npm test` (the template’s tsc, then the starter’s test)', 'npm', ['test'], functions, env),
    ];
    const wall = steps.reduce((sum, step) => sum + step.wallS, 0);
    const cpu = steps.every((step) => step.cpuS !== undefined)
      ? steps.reduce((sum, step) => sum + (step.cpuS ?? 0), 0)
      : undefined;
    return {
      title: 'The starter: a `firebase init` project to a passing test',
      columns: ['step', 'wall time', 'CPU (user + system)'],
      rows: [
        ...steps.map((step) => [step.label, seconds(step.wallS), seconds(step.cpuS)]),
        ['**total**', `**${seconds(wall)}**`, `**${seconds(cpu)}**`],
      ],
      notes: [
        'firebase-tools’ own TypeScript functions template (from the installed firebase-tools), then the commands of docs/guide.md’s “Use it in your own project”, each a whole process.',
        'npm’s cache is a new empty directory: every package is downloaded from the registry, as on a fresh machine. The limit is 5 minutes.',
        `Not in the total: packing the packages from a clean copy (the registry’s stand-in), ${seconds(packS)}.`,
        'The same steps run in `functions/src/e2e/adoption.test.ts`, which then serves the project on the emulators.',
      ],
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
