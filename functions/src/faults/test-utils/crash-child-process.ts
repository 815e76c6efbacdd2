import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CrashCall, CrashPoint } from './crash-turn.js';

// The child runs the kit's TypeScript as it is, with Node 22's type stripping; the kit's resolve
// hook maps our `.js` import specifiers to the `.ts` files (no build step).
const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const CHILD = here('./crash-turn-child.ts');
const HOOK = here('../../../../kit/src/session/test-utils/ts-resolve-hook.mjs');

/** Where the child runs its call: the emulator, the project and the collection prefix. */
export interface CrashTarget {
  host: string;
  projectId: string;
  prefix: string;
}

/** Every child started and not yet reaped, so a failed test can still kill it. */
export const liveChildren = new Set<ChildProcess>();

/**
 * What the child runs `call` on: the crash-point test's agent (`turn`), or the sub-agent crash
 * test's parent with its sub-agent (`sub-agent`).
 */
export type CrashChildKind = 'turn' | 'sub-agent';

/** Starts a child that makes `call` on `kind` and resolves once it stands at `point` (it hangs there). */
export function childAt(
  target: CrashTarget,
  point: CrashPoint | string,
  call: CrashCall,
  kind: CrashChildKind = 'turn',
): Promise<ChildProcess> {
  const args = ['--experimental-strip-types', '--no-warnings', '--import', HOOK, CHILD];
  args.push(target.host, target.projectId, target.prefix, point, JSON.stringify(call), kind);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
      if (output.includes(`AT ${point}`)) resolve(child);
    });
    child.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`child exited (${code ?? signal}) before ${point}:\n${output}`)),
    );
  });
}

/** Kills `child` with SIGKILL (no cleanup, no last write) and waits until it is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
