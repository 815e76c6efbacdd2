import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { freePort } from '../../test-utils/firestore-emulator.js';

/** The repository root (functions/src/e2e/test-utils → four up). */
export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const FIREBASE_CLI = join(REPO_ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');

/** Options of {@link startFunctionsEmulator}. */
export interface FunctionsEmulatorOptions {
  projectId: string;
  /** host:port of the Firestore emulator the functions talk to. */
  firestoreHost: string;
  /** Extra environment for the functions (GEMINI_API_KEY, GOOGLE_GEMINI_BASE_URL, …). */
  env?: Record<string, string>;
}

/** The firebase-tools functions + auth emulators, started by this process. */
export interface FunctionsEmulator {
  functionsPort: number;
  authPort: number;
  /** What the emulators printed since they were last started. */
  output(): string;
  /** Starts them (again): a cold start of every function. */
  start(): Promise<void>;
  /** Stops them by the PID (process group) we started. */
  stop(): Promise<void>;
}

function waitForReady(child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`emulators not ready after ${timeoutMs} ms:\n${log()}`)),
      timeoutMs,
    );
    const check = (): void => {
      if (log().includes('All emulators ready')) {
        clearTimeout(timer);
        resolvePromise();
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulators exited with ${code} before they were ready:\n${log()}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolvePromise();
    const pid = child.pid;
    child.once('exit', () => resolvePromise());
    // The CLI and the function runtimes it forked share the process group we gave it.
    process.kill(-pid, 'SIGTERM');
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-pid, 'SIGKILL');
    }, 10_000).unref();
  });
}

/**
 * Starts `firebase emulators:start --only functions,auth` on free ports, from a config of its
 * own (so a running demo stack is untouched), with FIRESTORE_EMULATOR_HOST set and the demo
 * users imported. It serves the built functions/lib.
 */
export async function startFunctionsEmulator(options: FunctionsEmulatorOptions): Promise<FunctionsEmulator> {
  const [functionsPort, authPort, hubPort, loggingPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'callable-flows-e2e-'));
  mkdirSync(dir, { recursive: true });
  const config = {
    functions: [{ source: relative(dir, join(REPO_ROOT, 'functions')), codebase: 'default', runtime: 'nodejs22' }],
    emulators: {
      singleProjectMode: true,
      functions: { host: '127.0.0.1', port: functionsPort },
      auth: { host: '127.0.0.1', port: authPort },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: loggingPort },
      ui: { enabled: false },
    },
  };
  writeFileSync(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));
  let log = '';
  let child: ChildProcess | undefined;

  const emulator: FunctionsEmulator = {
    functionsPort,
    authPort,
    output: () => log,
    async start() {
      const args = [FIREBASE_CLI, 'emulators:start', '--only', 'functions,auth', '--project', options.projectId];
      args.push('--config', join(dir, 'firebase.json'), '--import', join(REPO_ROOT, 'emulator-data'));
      log = '';
      child = spawn(process.execPath, args, {
        cwd: dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FIRESTORE_EMULATOR_HOST: options.firestoreHost, ...options.env },
      });
      child.stdout?.on('data', (data: Buffer) => {
        log += data.toString();
      });
      child.stderr?.on('data', (data: Buffer) => {
        log += data.toString();
      });
      await waitForReady(child, () => log, 120_000);
    },
    async stop() {
      if (child) await stopChild(child);
      child = undefined;
    },
  };
  await emulator.start();
  return emulator;
}
