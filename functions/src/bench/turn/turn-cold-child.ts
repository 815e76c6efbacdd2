import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Firestore } from '@google-cloud/firestore';
import { callableCall } from '../callable-call.js';
import { loadGenkit } from '../genkit/load-genkit.js';
import {
  genkitTurnCallable,
  type KitApi,
  kitTurnCallable,
  MANIFEST_MESSAGE,
  TURN_ANSWER,
  TURN_MESSAGE,
  type TurnCallable,
} from './turn-sides.js';

/** How a cold instance sets up Firestore: the client's transport, and whether a warm-up RPC starts at import. */
export type ColdVariant = 'kit-manifest' | 'kit-grpc' | 'kit-rest' | 'kit-grpc-warmup' | 'kit-rest-warmup' | 'genkit';

/** What one cold child reports. */
export interface ColdReport {
  /** Importing the deploy manifest (kit: functions/dist/index.js; Genkit: its flow module's imports). */
  importMs: number;
  /** The first turn, from the request to the answer, on the instance that just imported. */
  turnMs: number;
  /** CPU of the process during the first turn. */
  turnCpuMs: number;
}

const FUNCTIONS_DIR = resolve(import.meta.dirname, '../../..');
const dist = (file: string) => pathToFileURL(resolve(FUNCTIONS_DIR, 'dist', file)).href;

/** firebase-admin's Firestore as a deployed flow makes it, over gRPC (the default) or REST. */
async function adminFirestore(projectId: string, rest: boolean): Promise<Firestore> {
  const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
  ]);
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

async function kitInstance(
  variant: ColdVariant,
  projectId: string,
): Promise<{ importMs: number; serve: () => Promise<TurnCallable> }> {
  const started = performance.now();
  await import(dist('index.js'));
  const importMs = performance.now() - started;
  const rest = variant.startsWith('kit-rest');
  // Started as the first request arrives, while the flow and the kit load.
  const warm = variant.endsWith('warmup')
    ? adminFirestore(projectId, rest).then(async (db) => {
        await db.doc('warmup/_').get();
        return db;
      })
    : undefined;
  return {
    importMs,
    serve: async () => {
      const kit = (await import(dist('kit.js'))) as KitApi;
      return kitTurnCallable(await (warm ?? adminFirestore(projectId, rest)), kit);
    },
  };
}

/** The deploy manifest as shipped: `orderAssistant` from functions/dist/index.js, its limits and store included. */
async function manifestInstance(): Promise<{ importMs: number; serve: () => Promise<TurnCallable> }> {
  const started = performance.now();
  const manifest = (await import(dist('index.js'))) as { orderAssistant: TurnCallable };
  return { importMs: performance.now() - started, serve: async () => manifest.orderAssistant };
}

async function genkitInstance(projectId: string): Promise<{ importMs: number; serve: () => Promise<TurnCallable> }> {
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
 * A cold instance: a fresh process imports the deploy manifest, then serves one turn of an
 * existing session (`new`: open one and print its id). Usage:
 * `node lib/bench/turn/turn-cold-child.js <variant> <projectId> <sessionId|new> <uid>`.
 */
async function main(): Promise<void> {
  const [variant, projectId, sessionId, uid] = process.argv.slice(2) as [ColdVariant, string, string, string];
  const instance =
    variant === 'genkit'
      ? await genkitInstance(projectId)
      : variant === 'kit-manifest'
        ? await manifestInstance()
        : await kitInstance(variant, projectId);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const fn = await instance.serve();
  const message = variant === 'kit-manifest' ? MANIFEST_MESSAGE : TURN_MESSAGE;
  const result = await fn.run(callableCall({ ...(sessionId !== 'new' && { sessionId }), message }, uid));
  const turnMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (sessionId === 'new') {
    // Opening a session for the cold turns that follow.
    process.stdout.write(`\n${JSON.stringify({ sessionId: result.sessionId })}\n`);
    process.exit(0);
  }
  const expected = variant === 'kit-manifest' ? result.text.length > 0 : result.text === TURN_ANSWER;
  if (!expected || result.sessionId !== sessionId) {
    throw new Error(`${variant}: unexpected answer ${JSON.stringify(result)}`);
  }
  const report: ColdReport = { importMs: instance.importMs, turnMs, turnCpuMs: (used.user + used.system) / 1000 };
  process.stdout.write(`\n${JSON.stringify(report)}\n`);
  process.exit(0);
}

if (process.argv[1] === import.meta.filename) await main();
