import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeGemini } from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import {
  type FirestoreEmulator,
  freePort,
  startFirestoreEmulator,
} from '@callable-flows/kit/test-utils/firestore-emulator.js';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import {
  type FunctionsEmulator,
  REPO_ROOT,
  startFunctionsEmulator,
} from '../../../functions/src/e2e/test-utils/functions-emulator.js';
import { playOnGemini } from '../../../functions/src/e2e/test-utils/gemini-play.js';
import { nextOrderMove } from '../../../functions/src/flows/index.js';
import { type StreamGate, startStreamGate } from './stream-gate.js';

/** The stack the browser tests run against, started by this process and stopped by PID. */
export interface WebStack {
  projectId: string;
  /** The app's address on the Vite dev server. */
  url: string;
  /** firebase-admin on the stack's Firestore (rules don't apply to it). */
  admin: Firestore;
  /** host:port of the stack's Firestore emulator. */
  firestoreHost: string;
  /** host:port of the stack's Auth emulator. */
  authHost: string;
  /** host:port of the stack's functions emulator. */
  functionsHost: string;
  /** With `gatedModel`: the gate in front of the model, to hold a turn on the server mid-way. */
  model: StreamGate | undefined;
  /** The functions, auth and Cloud Tasks emulators: a test stops them mid-turn (all three die) and starts them again. */
  functions: Pick<FunctionsEmulator, 'start' | 'stop'>;
  stop(): Promise<void>;
}

/** How the stack's flows get their model. */
export interface WebStackOptions {
  /**
   * The order assistant's script played by the repo's fake Gemini server behind a stream gate
   * (`model`), so a test can hold a turn on the server at its model step; default: the
   * scripted offline model, in process.
   */
  gatedModel?: boolean;
  /**
   * With `gatedModel`: the model streams each word this long after the one before, so an answer
   * comes over seconds (what another tab, a reload or a stop sees mid-answer).
   */
  wordDelayMs?: number;
}

const WEB_ROOT = join(REPO_ROOT, 'web');
const VITE = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');

/** The functions emulator serves the built functions (their package.json `main`): build them when missing. */
function ensureFunctionsBuilt(): void {
  const functions = join(REPO_ROOT, 'functions');
  const { main } = JSON.parse(readFileSync(join(functions, 'package.json'), 'utf8')) as { main: string };
  if (existsSync(join(functions, main))) return;
  const built = spawnSync('npm', ['run', 'build', '-w', 'functions', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the functions failed (npm run build -w functions)');
}

/** Loads firestore.rules into the emulator for `projectId`: the jar starts with no rules. */
async function loadRules(host: string, projectId: string): Promise<void> {
  const content = readFileSync(join(REPO_ROOT, 'firestore.rules'), 'utf8');
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
  });
  if (!response.ok) throw new Error(`loading firestore.rules failed: ${response.status} ${await response.text()}`);
}

async function waitForHttp(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Vite dev server exited with ${child.exitCode}:\n${log()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Vite dev server did not answer at ${url} within ${timeoutMs} ms:\n${log()}`);
}

/** `npm run dev -w web` as the demo runs it, pointed at this stack, in a process group of its own. */
export async function startVite(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [VITE, '--port', String(port), '--strictPort'], {
    cwd: WEB_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  child.stdout?.on('data', (data: Buffer) => {
    log += data.toString();
  });
  child.stderr?.on('data', (data: Buffer) => {
    log += data.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url, child, () => log, 60_000);
  // Transform the app once now, so the first page load doesn't wait for it.
  await fetch(`${url}/src/main.ts`);
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
      const pid = child.pid;
      child.once('exit', () => resolve());
      process.kill(-pid, 'SIGTERM');
      setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(-pid, 'SIGKILL');
      }, 5000).unref();
    });
  return { url, stop };
}

/**
 * Starts what the app needs, on free ports so nothing else running here is touched: Google's
 * Firestore emulator (the jar) with firestore.rules loaded, the firebase-tools functions + auth
 * emulators serving the built functions (no GEMINI_API_KEY: the flows play their scripted model), and
 * the app on Vite's dev server.
 */
export async function startWebStack(options: WebStackOptions = {}): Promise<WebStack> {
  ensureFunctionsBuilt();
  const projectId = `demo-web-${randomUUID().slice(0, 8)}`;
  const stops: (() => Promise<void>)[] = [];
  const stop = async (): Promise<void> => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
  try {
    const firestore: FirestoreEmulator = await startFirestoreEmulator();
    stops.push(() => firestore.stop());
    await loadRules(firestore.host, projectId);
    let model: StreamGate | undefined;
    let env: Record<string, string> = { GEMINI_API_KEY: '' };
    if (options.gatedModel) {
      const gemini = await startFakeGemini();
      stops.push(() => gemini.close());
      gemini.answerWith(playOnGemini(nextOrderMove, options.wordDelayMs ? { wordDelayMs: options.wordDelayMs } : {}));
      const gate = await startStreamGate(gemini.url);
      model = gate;
      stops.push(() => gate.stop());
      env = { GEMINI_API_KEY: 'web-fake-key', GOOGLE_GEMINI_BASE_URL: gate.url, GEMINI_FALLBACK_MODEL: 'none' };
    }
    const functions: FunctionsEmulator = await startFunctionsEmulator({
      projectId,
      firestoreHost: firestore.host,
      env,
    });
    stops.push(() => functions.stop());
    const authHost = `127.0.0.1:${functions.authPort}`;
    const vite = await startVite({
      PROJECT: projectId,
      FIRESTORE_EMULATOR_HOST: firestore.host,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      FUNCTIONS_EMULATOR_HOST: `127.0.0.1:${functions.functionsPort}`,
    });
    stops.push(() => vite.stop());
    process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    const app = initializeApp({ projectId }, `web-tests-${projectId}`);
    stops.push(() => deleteApp(app));
    const functionsHost = `127.0.0.1:${functions.functionsPort}`;
    return {
      projectId,
      url: vite.url,
      admin: getFirestore(app),
      firestoreHost: firestore.host,
      authHost,
      functionsHost,
      model,
      functions,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
