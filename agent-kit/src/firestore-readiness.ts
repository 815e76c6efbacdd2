import type { RestEndpoint } from '@callable-flows/kit/firestore/rest-transport.js';
import type { IndexProbe } from './index-probe.js';
import { isMissingIndexError, type MissingIndex, missingIndexesError } from './missing-index-error.js';

/** Where the probes run: Firestore's REST API, on the database whose documents are under `root`. */
export interface ProbeTarget {
  endpoint: RestEndpoint;
  /** `projects/<project>/databases/(default)/documents`. */
  root: string;
}

/** A value no document holds: the answer is empty whether or not the collection has documents. */
const NO_VALUE = { stringValue: '\u0000callable-flows-probe' };

/** The probe as a `runQuery` body: its filters, its order, one document. */
function structuredQueryOf(probe: IndexProbe): unknown {
  const filters = probe.filters.map((filter) => ({
    fieldFilter: {
      field: { fieldPath: filter.field },
      op: filter.op === 'array-contains' ? 'ARRAY_CONTAINS' : 'EQUAL',
      value: NO_VALUE,
    },
  }));
  const [only] = filters;
  const where = filters.length === 1 ? only : { compositeFilter: { op: 'AND', filters } };
  return {
    structuredQuery: {
      from: [{ collectionId: probe.collectionGroup, allDescendants: probe.scope === 'COLLECTION_GROUP' }],
      ...(where ? { where } : {}),
      orderBy: [
        {
          field: { fieldPath: probe.orderBy.field },
          direction: probe.orderBy.direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
        },
      ],
      limit: 1,
    },
  };
}

/** A query Firestore refused, with its status name (`FAILED_PRECONDITION`, …) and its own words, whole. */
export class ProbeRefused extends Error {
  override readonly name = 'ProbeRefused';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

async function refusalOf(response: Response): Promise<ProbeRefused> {
  const body = (await response.json().catch(() => undefined)) as unknown;
  const error = ((Array.isArray(body) ? body[0] : body) as { error?: { status?: string; message?: string } })?.error;
  return new ProbeRefused(error?.status ?? `HTTP ${response.status}`, error?.message ?? response.statusText);
}

/**
 * Runs one probe over REST (`runQuery`, node's fetch): what a cold instance can send without
 * loading the SDK's gRPC stack. Firestore's message is kept whole: a missing index's holds the
 * link that creates it.
 */
async function runProbe(target: ProbeTarget, probe: IndexProbe): Promise<void> {
  const response = await fetch(`${target.endpoint.origin}/v1/${target.root}:runQuery`, {
    method: 'POST',
    headers: { authorization: await target.endpoint.authorization(), 'content-type': 'application/json' },
    body: JSON.stringify(structuredQueryOf(probe)),
  });
  if (!response.ok) throw await refusalOf(response);
  await response.arrayBuffer();
}

/**
 * Runs every probe (a one-document query each, all at once) and refuses, with
 * `failed-precondition` naming each missing index, when Firestore lacks any; any other failure
 * (Firestore unreachable, a query refused for another reason) is thrown as it came, so the check
 * runs again on the next call.
 */
export async function assertFirestoreIndexes(
  target: ProbeTarget,
  probes: readonly IndexProbe[],
  prefix: string,
): Promise<void> {
  const answers = await Promise.allSettled(probes.map((probe) => runProbe(target, probe)));
  const missing: MissingIndex[] = [];
  for (const [i, answer] of answers.entries()) {
    if (answer.status === 'fulfilled') continue;
    if (!isMissingIndexError(answer.reason)) throw answer.reason;
    missing.push({ probe: probes[i] as IndexProbe, message: answer.reason.message });
  }
  if (missing.length) throw missingIndexesError(missing, prefix);
}
