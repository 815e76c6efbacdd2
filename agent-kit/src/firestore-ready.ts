import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { projectIdFromEnv, restEndpointFromEnv } from '@callable-flows/kit/firestore/rest-endpoint.js';
import { assertFirestoreIndexes } from './firestore-readiness.js';
import { indexProbes } from './index-probe.js';

/** The kit's firestore.indexes.json, beside its package.json (found from here: this module is bundled into dist/). */
function kitIndexes(): string {
  const kitPackage = createRequire(import.meta.url).resolve('@callable-flows/kit/package.json');
  return readFileSync(join(dirname(kitPackage), 'firestore.indexes.json'), 'utf8');
}

/**
 * Refuses (`failed-precondition`, naming each index) when this instance's Firestore lacks a
 * composite index the kit declares (its firestore.indexes.json), on the collections under
 * `prefix`. Run with the instance's first turn (kit-instance.ts), so a missing index refuses the
 * first call instead of failing a turn or the cleanup later. Over Firestore's REST API, as the
 * turns are: firebase-admin's client would add its import and gRPC channel to every cold start.
 */
export async function firestoreReady(prefix: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const probes = indexProbes(kitIndexes(), prefix);
  const endpoint = restEndpointFromEnv(env);
  const projectId = projectIdFromEnv(env) ?? (await endpoint.projectId?.());
  if (!projectId) throw new Error('the readiness probe found no project id (GCLOUD_PROJECT)');
  await assertFirestoreIndexes(
    { endpoint, root: `projects/${projectId}/databases/(default)/documents` },
    probes,
    prefix,
  );
}
