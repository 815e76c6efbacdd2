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
  | 'genkit'
  | 'rest-first-read'
  | 'agent-kit'
  | 'agent-kit-probe';

/** The environment variable the parent sets to its clock (`epochMs()`) just before it spawns a child. */
export const SPAWNED_AT_ENV = 'COLD_SPAWNED_AT';

/** Now on the wall clock, in ms with sub-ms precision: the same clock in the parent and the child. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

/** ms since the parent spawned this process (node start included); NaN when not spawned by the bench. */
const sinceSpawn = (): number => epochMs() - Number(process.env[SPAWNED_AT_ENV]);

/** What one cold child reports. */
export interface ColdReport {
  /** Importing the deploy manifest (kit: functions/dist/index.js; Genkit: its flow module's imports). */
  importMs: number;
  /** The first turn, from the request to the answer, on the instance that just imported. */
  turnMs: number;
  /** CPU of the process during the first turn. */
  turnCpuMs: number;
  /** The whole process: from the parent's spawn (node's start included) to the turn's result. */
  processMs: number;
  /** CPU of the whole process up to the result (node's start-up included). */
  processCpuMs: number;
}

/**
 * The steps of a cold manifest turn, each timed on its own in one fresh process (`breakdown`):
 * wall and CPU ms, in the order the manifest's import and first call load them; then, after the
 * turn, what the SDK's client would have cost it.
 */
export interface ColdSteps {
  "node's start, to the first line of the process's code": [number, number];
  'the compile cache switched on (dist/compile-cache.js, the manifest’s first import)': [number, number];
  "firebase-admin's app, auth and app-check (firebase-functions/v2/https imports them)": [number, number];
  'firebase-functions (params, v2/https), the rest of it': [number, number];
  'the deploy manifest (dist/index.js), the rest of it': [number, number];
  "the flow's code (dist/order-assistant.js, dist/run-call.js and what they import)": [number, number];
  "the turns' Firestore (the REST client): made, first read": [number, number];
  'the turn, everything above loaded': [number, number];
  'after the turn: import firebase-admin/firestore': [number, number];
  'after the turn: its Firestore client made, first read': [number, number];
}

const FUNCTIONS_DIR = resolve(import.meta.dirname, '../../..');
const dist = (file: string) => pathToFileURL(resolve(FUNCTIONS_DIR, 'dist', file)).href;
/** The built @callable-flows/agent-kit, by path (functions/ does not depend on it): its bundle (`dist`) or its modules (`lib`). */
const agentKitBuilt = (dir: 'dist' | 'lib', file: string) =>
  pathToFileURL(resolve(FUNCTIONS_DIR, '../agent-kit', dir, file)).href;
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

/**
 * An instance of @callable-flows/agent-kit as the Firebase CLI runs it (FIREBASE_KIT_INSTANCE_ID,
 * its params and its secret in the environment, set by the parent): the kit's deploy manifest,
 * then its `agent` callable, whose first call also runs the kit's readiness probe.
 */
async function agentKitInstance(): Promise<Instance> {
  const started = performance.now();
  const manifest = (await import(agentKitBuilt('dist', 'index.js'))) as { agent: TurnCallable };
  const importMs = performance.now() - started;
  return { importMs, serve: async () => manifest.agent };
}

/** The agent-kit's readiness probe alone, in a fresh process: its import (its own modules, lib/), then one run of it (the index queries). */
async function agentKitProbe(): Promise<ColdReport> {
  const started = performance.now();
  const { firestoreReady } = (await import(agentKitBuilt('lib', 'firestore-ready.js'))) as {
    firestoreReady(prefix: string): Promise<void>;
  };
  const importMs = performance.now() - started;
  const cpu = process.cpuUsage();
  const probe = performance.now();
  await firestoreReady(`${process.env.FIREBASE_KIT_INSTANCE_ID}_`);
  const turnMs = performance.now() - probe;
  const turnCpuMs = cpuMs(process.cpuUsage(cpu));
  return { importMs, turnMs, turnCpuMs, processMs: sinceSpawn(), processCpuMs: cpuMs(process.cpuUsage()) };
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

/** What a manifest turn sends, and what its answer must contain (`''`: any text). */
interface ManifestTurn {
  message: string;
  answerIncludes: string;
}

function checkAnswer(variant: string, turn: ManifestTurn, result: { text: string }): void {
  if (result.text.length === 0 || !result.text.includes(turn.answerIncludes)) {
    throw new Error(`${variant}: unexpected answer ${JSON.stringify(result)} to ${JSON.stringify(turn.message)}`);
  }
}

/** The steps of one cold manifest turn, each loaded and timed before the next (see {@link ColdSteps}). */
async function breakdown(projectId: string, sessionId: string, uid: string, turn: ManifestTurn): Promise<ColdSteps> {
  const boot: [number, number] = [sinceSpawn(), cpuMs(process.cpuUsage())];
  let at = performance.now();
  let cpu = process.cpuUsage();
  const lap = (): [number, number] => {
    const now = performance.now();
    const step: [number, number] = [now - at, cpuMs(process.cpuUsage(cpu))];
    at = now;
    cpu = process.cpuUsage();
    return step;
  };
  await import(dist('compile-cache.js'));
  const cacheMs = lap();
  await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth'), import('firebase-admin/app-check')]);
  const adminAuthMs = lap();
  await Promise.all([import('firebase-functions/params'), import('firebase-functions/v2/https')]);
  const functionsMs = lap();
  const manifest = (await import(dist('index.js'))) as { orderAssistant: TurnCallable };
  const manifestMs = lap();
  await Promise.all([import(dist('order-assistant.js')), import(dist('run-call.js'))]);
  const flowMs = lap();
  // The turns' client as the deployed flows make it (functions/src/flows/turn-firestore.ts).
  const turnFirestore = await turnFirestoreOfDist();
  await (await turnFirestore()).doc(`sessions/${sessionId}`).get();
  const clientMs = lap();
  const result = await manifest.orderAssistant.run(callableCall({ sessionId, message: turn.message }, uid));
  checkAnswer('breakdown', turn, result);
  const turnMs = lap();
  const [{ getApps, initializeApp }, { getFirestore }] = await adminModules();
  const adminMs = lap();
  await getFirestore(getApps()[0] ?? initializeApp({ projectId }))
    .doc(`sessions/${sessionId}`)
    .get();
  return {
    "node's start, to the first line of the process's code": boot,
    'the compile cache switched on (dist/compile-cache.js, the manifest’s first import)': cacheMs,
    "firebase-admin's app, auth and app-check (firebase-functions/v2/https imports them)": adminAuthMs,
    'firebase-functions (params, v2/https), the rest of it': functionsMs,
    'the deploy manifest (dist/index.js), the rest of it': manifestMs,
    "the flow's code (dist/order-assistant.js, dist/run-call.js and what they import)": flowMs,
    "the turns' Firestore (the REST client): made, first read": clientMs,
    'the turn, everything above loaded': turnMs,
    'after the turn: import firebase-admin/firestore': adminMs,
    'after the turn: its Firestore client made, first read': lap(),
  };
}

const cpuMs = (used: NodeJS.CpuUsage): number => (used.user + used.system) / 1000;

/**
 * `turnFirestore` of the built bundle: exported by its name, or (when the bundler renames a
 * chunk's exports) inside a module namespace the chunk exports.
 */
async function turnFirestoreOfDist(): Promise<() => Promise<Firestore>> {
  const chunk = (await import(dist('turn-firestore.js'))) as Record<string, unknown>;
  const namespaces = Object.values(chunk) as ({ turnFirestore?: unknown } | null | undefined)[];
  const turnFirestore =
    typeof chunk.turnFirestore === 'function'
      ? chunk.turnFirestore
      : namespaces.find((m) => typeof m?.turnFirestore === 'function')?.turnFirestore;
  if (!turnFirestore) throw new Error('dist/turn-firestore.js exports no turnFirestore');
  return turnFirestore as () => Promise<Firestore>;
}

/**
 * The REST client alone in a fresh process, as a turn first makes it: its chunk imported
 * (`dist/turn-firestore.js`, which loads the client on its first call), made, and one document
 * read over a new connection.
 */
async function restFirstRead(): Promise<ColdReport> {
  const started = performance.now();
  const turnFirestore = await turnFirestoreOfDist();
  const db = await turnFirestore();
  const importMs = performance.now() - started;
  const cpu = process.cpuUsage();
  const read = performance.now();
  await db.doc('sessions/rest-first-read').get();
  const turnMs = performance.now() - read;
  const turnCpuMs = cpuMs(process.cpuUsage(cpu));
  return { importMs, turnMs, turnCpuMs, processMs: sinceSpawn(), processCpuMs: cpuMs(process.cpuUsage()) };
}

/**
 * A cold instance: a fresh process imports the deploy manifest, then serves one turn of an
 * existing session (`new`: open one and print its id). Usage:
 * `node lib/bench/turn/turn-cold-child.js <variant> <projectId> <sessionId|new> <uid> [message] [answer includes]`
 * (the manifest's variants send `message`, default `hello`; `agent-kit`: the agent-kit's manifest);
 * also `prime-kit|prime-genkit <dir>` (fill a compile cache), `breakdown` (the steps, timed one by
 * one), `rest-first-read` and `agent-kit-probe` (the agent-kit's readiness probe alone).
 */
async function main(): Promise<void> {
  const [variant, projectId, sessionId, uid, message = MANIFEST_MESSAGE, answerIncludes = ''] = process.argv.slice(
    2,
  ) as [string, string, string, string, string?, string?];
  const print = (report: unknown) => {
    // The report is the last line: the SDKs log to stdout before it.
    process.stdout.write(`\n${JSON.stringify(report)}\n`);
    process.exit(0);
  };
  if (variant === 'prime-kit' || variant === 'prime-genkit') {
    // Here the second argument is the cache directory.
    await prime(variant === 'prime-kit' ? 'kit' : 'genkit', projectId);
    process.exit(0);
  }
  const turn: ManifestTurn = { message, answerIncludes };
  if (variant === 'breakdown') print(await breakdown(projectId, sessionId, uid, turn));
  if (variant === 'rest-first-read') print(await restFirstRead());
  if (variant === 'agent-kit-probe') print(await agentKitProbe());
  // A deploy manifest's turn (the example's or the agent-kit's): its message, its answer checked.
  const manifestTurn = variant.startsWith('kit-manifest') || variant === 'agent-kit';
  const instance =
    variant === 'genkit'
      ? await genkitInstance(projectId)
      : variant === 'agent-kit'
        ? await agentKitInstance()
        : manifestTurn
          ? await manifestInstance()
          : await kitInstance(variant as ColdVariant, projectId);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const fn = await instance.serve();
  const sent = manifestTurn ? message : TURN_MESSAGE;
  const result = await fn.run(callableCall({ ...(sessionId !== 'new' && { sessionId }), message: sent }, uid));
  const turnMs = performance.now() - started;
  const processMs = sinceSpawn();
  const used = process.cpuUsage(cpu);
  const processCpuMs = cpuMs(process.cpuUsage());
  // Opening a session for the cold turns that follow.
  if (sessionId === 'new') print({ sessionId: result.sessionId });
  if (manifestTurn) checkAnswer(variant, turn, result);
  else if (result.text !== TURN_ANSWER) throw new Error(`${variant}: unexpected answer ${JSON.stringify(result)}`);
  if (result.sessionId !== sessionId) throw new Error(`${variant}: answered for session ${result.sessionId}`);
  print({ importMs: instance.importMs, turnMs, turnCpuMs: cpuMs(used), processMs, processCpuMs } satisfies ColdReport);
}

if (process.argv[1] === import.meta.filename) await main();
