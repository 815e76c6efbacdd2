import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { freePort } from '@callable-flows/kit/test-utils/firestore-emulator.js';

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
  /** The functions' source folder. Default: this repository's functions/ (the example deployment). */
  source?: string;
  /** Emulator data to import (the demo users). Default: this repository's emulator-data; false: none. */
  importData?: string | false;
}

/** The firebase-tools functions + auth + Cloud Tasks emulators, started by this process. */
export interface FunctionsEmulator {
  functionsPort: number;
  authPort: number;
  /** The task queue emulator's port (the functions reach it as CLOUD_TASKS_EMULATOR_HOST). */
  tasksPort: number;
  /** The processes running function `target` now (its instances), Linux only: what a test kills to kill an instance. */
  instancePids(target: string): number[];
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

/**
 * The function runtimes the emulator forked for `target` (its process group is `group`, the
 * CLI's): read from /proc, each process's group and its FUNCTION_TARGET.
 */
function instancesOf(group: number, target: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: the group is the 3rd field after the command's closing parenthesis.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== group) continue;
      const env = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (env.includes(`FUNCTION_TARGET=${target}`)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
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
 * Starts `firebase emulators:start --only functions,auth,tasks` on free ports, from a config of its
 * own (so a running demo stack is untouched), with FIRESTORE_EMULATOR_HOST set and the demo
 * users imported. It serves the built functions/lib. The Cloud Tasks emulator runs inside the
 * CLI's process (no Java, no network): the functions reach it as CLOUD_TASKS_EMULATOR_HOST, and
 * its queues live only as long as that process.
 */
export async function startFunctionsEmulator(options: FunctionsEmulatorOptions): Promise<FunctionsEmulator> {
  for (let attempt = 1; ; attempt++) {
    const emulator = await configuredEmulator(options);
    try {
      await emulator.start();
      return emulator;
    } catch (error) {
      // Another process took one of its ports between our look and its bind: new ports, once more.
      if (attempt >= 3 || !/port taken|is not open|EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

/** The emulators on ports of their own, from a config of their own, not started yet. */
async function configuredEmulator(options: FunctionsEmulatorOptions): Promise<FunctionsEmulator> {
  const [functionsPort, authPort, tasksPort, hubPort, loggingPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'callable-flows-e2e-'));
  mkdirSync(dir, { recursive: true });
  const config = {
    functions: [
      {
        source: relative(dir, options.source ?? join(REPO_ROOT, 'functions')),
        codebase: 'default',
        runtime: 'nodejs22',
      },
    ],
    emulators: {
      singleProjectMode: true,
      functions: { host: '127.0.0.1', port: functionsPort },
      auth: { host: '127.0.0.1', port: authPort },
      tasks: { host: '127.0.0.1', port: tasksPort },
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
    tasksPort,
    instancePids: (target) => (child?.pid ? instancesOf(child.pid, target) : []),
    output: () => log,
    async start() {
      const args = [FIREBASE_CLI, 'emulators:start', '--only', 'functions,auth,tasks', '--project', options.projectId];
      args.push('--config', join(dir, 'firebase.json'));
      const importData = options.importData ?? join(REPO_ROOT, 'emulator-data');
      if (importData !== false) args.push('--import', importData);
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
      // A loaded machine may take minutes to load the functions; a start that fails leaves no process behind.
      try {
        await waitForReady(child, () => log, 300_000);
      } catch (error) {
        await stopChild(child);
        child = undefined;
        throw error;
      }
    },
    async stop() {
      if (child) await stopChild(child);
      child = undefined;
    },
  };
  return emulator;
}
