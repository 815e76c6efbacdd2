import type { EventEmitter } from 'node:events';

/** Documents read and written through one Firestore client, counted at its RPCs. */
export interface FirestoreOpCount {
  /** Documents named by batch gets (found or missing) plus documents returned by queries (≥ 1 a query). */
  reads: number;
  /** Document writes in commits (set, update, create, delete: one each). */
  writes: number;
  /** RPCs sent: commits, batch gets, queries, transaction begins and rollbacks. */
  rpcs: number;
}

type RequestFn = (method: string, request: Record<string, unknown>, ...rest: unknown[]) => Promise<unknown>;
type StreamFn = (
  method: string,
  bidi: boolean,
  request: Record<string, unknown>,
  ...rest: unknown[]
) => Promise<unknown>;

/** The private RPC entry points every @google-cloud/firestore client (v7 to v9) sends through. */
interface FirestoreRpc {
  request: RequestFn;
  requestStream: StreamFn;
}

/**
 * Counts what a Firestore client (`@google-cloud/firestore` or firebase-admin's, any copy) sends,
 * by wrapping the two methods every RPC of the client goes through, on this instance only. The
 * same count for any store on that client, whatever its own API: an honest side-by-side.
 */
export function countFirestoreOps(firestore: object): FirestoreOpCount {
  const rpc = firestore as unknown as FirestoreRpc;
  if (typeof rpc.request !== 'function' || typeof rpc.requestStream !== 'function') {
    throw new Error('countFirestoreOps: not a @google-cloud/firestore client (no request/requestStream)');
  }
  const count: FirestoreOpCount = { reads: 0, writes: 0, rpcs: 0 };
  const request = rpc.request.bind(rpc);
  const requestStream = rpc.requestStream.bind(rpc);
  rpc.request = (method, body, ...rest) => {
    count.rpcs++;
    if (method === 'commit') count.writes += (body.writes as unknown[] | undefined)?.length ?? 0;
    return request(method, body, ...rest);
  };
  rpc.requestStream = async (method, bidi, body, ...rest) => {
    count.rpcs++;
    if (method === 'batchGetDocuments') count.reads += (body.documents as unknown[] | undefined)?.length ?? 0;
    const stream = await requestStream(method, bidi, body, ...rest);
    if (method === 'runQuery') countQueryResults(stream as EventEmitter, count);
    return stream;
  };
  return count;
}

/** Counts the documents a query stream returns (a query that returns none is billed one read). */
function countQueryResults(stream: EventEmitter, count: FirestoreOpCount): void {
  let documents = 0;
  const emit = stream.emit.bind(stream);
  // The client pipes the stream (`data` events); wrapping emit observes them without changing the flow.
  stream.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'data' && (args[0] as { document?: unknown } | undefined)?.document) documents++;
    if (event === 'end') count.reads += Math.max(1, documents);
    return emit(event, ...args);
  };
}

/** A snapshot of the count, to subtract from a later one. */
export function snapshotCount(count: FirestoreOpCount): FirestoreOpCount {
  return { ...count };
}

/** What was counted since `before`. */
export function countSince(count: FirestoreOpCount, before: FirestoreOpCount): FirestoreOpCount {
  return { reads: count.reads - before.reads, writes: count.writes - before.writes, rpcs: count.rpcs - before.rpcs };
}
