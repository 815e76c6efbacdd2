import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
// Type-only imports and the request builder (no imports of its own): the child loads nothing of
// the kit before it is timed, so the deploy manifest's cold turn pays for everything it loads.
import type { Firestore } from '@google-cloud/firestore';
import { callableCall } from '../callable-call.js';
import { MANIFEST_MESSAGE, TURN_ANSWER, TURN_MESSAGE } from './turn-messages.js';
import type { KitApi, TurnCallable } from './turn-sides.js';

/** What a cold instance is: the deploy manifest (its turns on the REST client, or on firebase-admin's), the bench's callable on a given client, or Genkit. */
export type ColdVariant =
  | 'kit-manifest'
  | 'kit-manifest-sdk'
  | 'kit-grpc'
  | 'kit-prefer-rest'
  | 'kit-rest-client'
  | 'genkit';

/** What one cold child reports. */
export interface ColdReport {
  /** Importing the deploy manifest (kit: functions/dist/index.js; Genkit: its flow module's imports). */
  importMs: number;
  /** The first turn, from the request to the answer, on the instance that just imported. */
  turnMs: number;
  /** CPU of the process during the first turn. */
  turnCpuMs: number;
}

/**
 * The steps of a cold manifest turn, each timed on its own in one fresh process (`breakdown`):
 * wall and CPU ms; then, after the turn, what the SDK's client would have cost it.
 */
export interface ColdSteps {
  'import the deploy manifest': [number, number];
  "import the flow's code (dist/kit.js, the flow chunk)": [number, number];
  "the turns' Firestore (the REST client): made, first read": [number, number];
  'the turn, everything above loaded': [number, number];
  'after the turn: import firebase-admin (app, firestore)': [number, number];
  'after the turn: its Firestore client made, first read': [number, number];
}

const FUNCTIONS_DIR = resolve(import.meta.dirname, '../../..');
const dist = (file: string) => pathToFileURL(resolve(FUNCTIONS_DIR, 'dist', file)).href;
const requireFromFunctions = createRequire(resolve(FUNCTIONS_DIR, 'package.json'));
const adminModules = () =>
  Promise.all([
    import(requireFromFunctions.resolve('firebase-admin/app')) as Promise<typeof import('firebase-admin/app')>,
    import(requireFromFunctions.resolve('firebase-admin/firestore')) as Promise<
      typeof import('firebase-admin/firestore')
    >,
  ]);

/** firebase-admin's Firestore as a deployed flow makes it, over gRPC (the default) or REST. */
async function adminFirestore(projectId: string, rest: boolean): Promise<Firestore> {
  const [{ getApps, initializeApp }, { getFirestore }] = await adminModules();
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId }));
  if (rest) {
    // The REST transport asks for credentials even on the emulator (nodejs-firestore#1811): give
    // it the emulator's token, as the gRPC transport sends it.
    const { OAuth2Client } = await import('google-auth-library');
    const authClient = new OAuth2Client();
    authClient.setCredentials({ access_token: 'owner' });
    db.settings({ preferRest: true, authClient } as Record<string, unknown>);
  }
  return db as unknown as Firestore;
}

type Instance = { importMs: number; serve: () => Promise<TurnCallable> };

/** The kit's turn callable over a firebase-admin client (gRPC or `preferRest`) or the kit's REST client. */
async function kitInstance(variant: ColdVariant, projectId: string): Promise<Instance> {
  // The bench's turn builder loads the library's kit (and zod, firebase-functions): before the clock.
  const { kitTurnCallable } = await import('./turn-sides.js');
  const started = performance.now();
  await import(dist('index.js'));
  const importMs = performance.now() - started;
  return {
    importMs,
    serve: async () => {
      const kit = (await import(dist('kit.js'))) as KitApi;
      const firestore =
        variant === 'kit-rest-client'
          ? new kit.RestFirestore({ projectId, listenWith: () => adminFirestore(projectId, false) })
          : await adminFirestore(projectId, variant === 'kit-prefer-rest');
      return kitTurnCallable(firestore, kit);
    },
  };
}

/**
 * The deploy manifest: `orderAssistant` from functions/dist/index.js, its limits and store
 * included (`kit-manifest-sdk`: run with TURNS_FIRESTORE_CLIENT=sdk, set by the parent).
 */
async function manifestInstance(): Promise<Instance> {
  const started = performance.now();
  const manifest = (await import(dist('index.js'))) as { orderAssistant: TurnCallable };
  const importMs = performance.now() - started;
  return { importMs, serve: async () => manifest.orderAssistant };
}

async function genkitInstance(projectId: string): Promise<Instance> {
  // The bench's Genkit flow builder loads the library's kit too: before the clock, as for the kit.
  const [{ genkitTurnCallable }, { loadGenkit }] = await Promise.all([
    import('./turn-sides.js'),
    import('../genkit/load-genkit.js'),
  ]);
  const started = performance.now();
  const install = loadGenkit();
  (install.require('genkit/tracing') as { disableGenkitOTelInitialization(): void }).disableGenkitOTelInitialization();
  const { Firestore: GenkitFirestore } = install.require('@google-cloud/firestore') as {
    Firestore: new (options: { projectId: string }) => unknown;
  };
  const fn = await genkitTurnCallable(install, new GenkitFirestore({ projectId }));
  const importMs = performance.now() - started;
  return { importMs, serve: async () => fn };
}

/**
 * Fills the compile cache at `dir` as the deploy's build step does (`prime-compile-cache.ts`:
 * the modules a first call loads, imported, no request); for Genkit, its imports and flow.
 */
async function prime(side: 'kit' | 'genkit', dir: string): Promise<void> {
  if (side === 'kit') {
    const [{ primeCompileCache }, { FIRST_CALL_MODULES }] = await Promise.all([
      import('../../compile-cache.js'),
      import('../../prime-compile-cache.js'),
    ]);
    await primeCompileCache(dir, FIRST_CALL_MODULES);
    return;
  }
  const { enableCompileCache, flushCompileCache } = await import('node:module');
  enableCompileCache(dir);
  await genkitInstance('prime');
  flushCompileCache();
}

/** The steps of one cold manifest turn, each loaded and timed before the next (see {@link ColdSteps}). */
async function breakdown(projectId: string, sessionId: string, uid: string): Promise<ColdSteps> {
  let at = performance.now();
  let cpu = process.cpuUsage();
  const lap = (): [number, number] => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    const step: [number, number] = [now - at, (used.user + used.system) / 1000];
    at = now;
    cpu = process.cpuUsage();
    return step;
  };
  const manifest = (await import(dist('index.js'))) as { orderAssistant: TurnCallable };
  const manifestMs = lap();
  await Promise.all([import(dist('kit.js')), import(dist('order-assistant.js'))]);
  const flowMs = lap();
  // The turns' client as the deployed flows make it (functions/src/flows/turn-firestore.ts).
  // The bundler renames a chunk's exports; its module namespace (one of them) keeps the name.
  const chunk = (await import(dist('turn-firestore.js'))) as Record<string, { turnFirestore?: unknown }>;
  const turnFirestore = Object.values(chunk).find((m) => typeof m?.turnFirestore === 'function')?.turnFirestore as
    | (() => Promise<Firestore>)
    | undefined;
  if (!turnFirestore) throw new Error('breakdown: dist/turn-firestore.js exports no turnFirestore');
  await (await turnFirestore()).doc(`sessions/${sessionId}`).get();
  const clientMs = lap();
  const result = await manifest.orderAssistant.run(callableCall({ sessionId, message: MANIFEST_MESSAGE }, uid));
  if (!result.text) throw new Error(`breakdown: unexpected answer ${JSON.stringify(result)}`);
  const turnMs = lap();
  const [{ getApps, initializeApp }, { getFirestore }] = await adminModules();
  const adminMs = lap();
  await getFirestore(getApps()[0] ?? initializeApp({ projectId }))
    .doc(`sessions/${sessionId}`)
    .get();
  return {
    'import the deploy manifest': manifestMs,
    "import the flow's code (dist/kit.js, the flow chunk)": flowMs,
    "the turns' Firestore (the REST client): made, first read": clientMs,
    'the turn, everything above loaded': turnMs,
    'after the turn: import firebase-admin (app, firestore)': adminMs,
    'after the turn: its Firestore client made, first read': lap(),
  };
}

/**
 * A cold instance: a fresh process imports the deploy manifest, then serves one turn of an
 * existing session (`new`: open one and print its id). Usage:
 * `node lib/bench/turn/turn-cold-child.js <variant> <projectId> <sessionId|new> <uid>`; also
 * `prime-kit|prime-genkit <dir>` (fill a compile cache) and `breakdown` (the steps, timed one by one).
 */
async function main(): Promise<void> {
  const [variant, projectId, sessionId, uid] = process.argv.slice(2) as [string, string, string, string];
  if (variant === 'prime-kit' || variant === 'prime-genkit') {
    // Here the second argument is the cache directory.
    await prime(variant === 'prime-kit' ? 'kit' : 'genkit', projectId);
    process.exit(0);
  }
  if (variant === 'breakdown') {
    process.stdout.write(`\n${JSON.stringify(await breakdown(projectId, sessionId, uid))}\n`);
    process.exit(0);
  }
  const manifestTurn = variant.startsWith('kit-manifest');
  const instance =
    variant === 'genkit'
      ? await genkitInstance(projectId)
      : manifestTurn
        ? await manifestInstance()
        : await kitInstance(variant as ColdVariant, projectId);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const fn = await instance.serve();
  const message = manifestTurn ? MANIFEST_MESSAGE : TURN_MESSAGE;
  const result = await fn.run(callableCall({ ...(sessionId !== 'new' && { sessionId }), message }, uid));
  const turnMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (sessionId === 'new') {
    // Opening a session for the cold turns that follow.
    process.stdout.write(`\n${JSON.stringify({ sessionId: result.sessionId })}\n`);
    process.exit(0);
  }
  const expected = manifestTurn ? result.text.length > 0 : result.text === TURN_ANSWER;
  if (!expected || result.sessionId !== sessionId) {
    throw new Error(`${variant}: unexpected answer ${JSON.stringify(result)}`);
  }
  const report: ColdReport = { importMs: instance.importMs, turnMs, turnCpuMs: (used.user + used.system) / 1000 };
  process.stdout.write(`\n${JSON.stringify(report)}\n`);
  process.exit(0);
}

if (process.argv[1] === import.meta.filename) await main();
