import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import { FirestoreSessionStore } from './firestore-session-store.js';
import { userTexts } from './test-utils/agent-fixtures.js';
import { CRASH_MESSAGE, crashAgent, KILL_POINTS, type KillPoint } from './test-utils/crash-scenario.js';
import { demoProjectId, emulatorFirestore } from './test-utils/emulator-firestore.js';

// The child runs the kit's TypeScript as it is, with Node 22's type stripping; a resolve hook
// maps our `.js` import specifiers to the `.ts` files (no build step, no extra tool).
const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const CHILD = here('./test-utils/crash-child.ts');
const HOOK = here('./test-utils/ts-resolve-hook.mjs');

const host = firestoreEmulatorHost();
const projectId = demoProjectId('crash');
const children: ChildProcess[] = [];
let firestore: Firestore | undefined;

/** Starts the child and resolves once it has reached `point` (it then hangs there). */
function runChildUntil(point: KillPoint, prefix: string): Promise<ChildProcess> {
  const args = [
    '--experimental-strip-types',
    '--no-warnings',
    '--import',
    HOOK,
    CHILD,
    host as string,
    projectId,
    prefix,
    point,
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (data: Buffer): void => {
      output += data.toString();
      if (output.includes(`AT ${point}`)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`child exited (${code ?? signal}) before ${point}:\n${output}`)),
    );
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) {
  console.warn('\n*** SKIPPED: SIGKILL crash tests — no Firestore emulator ***\n');
  describe.skip('defineAgent after SIGKILL', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  describe('defineAgent after SIGKILL', () => {
    for (const point of KILL_POINTS) {
      it(`completes the turn once on retry when the process is killed ${point}`, async () => {
        firestore ??= emulatorFirestore(host, projectId);
        const prefix = `${point}_`;
        await killed(await runChildUntil(point, prefix));
        // Another instance, after the dead one's lease has expired.
        const retry = crashAgent({ firestore, prefix, clock: () => Date.now() + 5 * 60_000 });
        const result = await retry.send(undefined, { message: CRASH_MESSAGE }, { uid: 'u1', requestId: 'kill-1' });
        expect(result).toMatchObject({ status: 'done', text: 'done: [{"charged":500}]' });
        const loaded = await new FirestoreSessionStore({ firestore, prefix }).load(result.sessionId);
        const session = loaded!.session;
        expect(userTexts(session.history)).toEqual([CRASH_MESSAGE]);
        expect(session.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
        expect(session.status).toBe('idle');
        const runs = (await firestore.doc(`${prefix}effects/runs`).get()).get('count');
        const applied = await firestore.collection(`${prefix}applied`).get();
        expect(applied.size).toBe(1);
        // Killed inside the tool, before its result reached the ledger: it runs again, with the
        // same ref, and the payment's own idempotency applies it once. Everywhere else: once.
        expect(runs).toBe(point === 'in-tool' ? 2 : 1);
      });
    }
  });
}
