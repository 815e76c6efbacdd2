import { type DocumentDb, type FieldValues, fieldValuesOf } from '../firestore/index.js';
import { DAY_MS, type UsageCounterStore, type UsageCounts, type UsageDelta, zeroUsage } from './usage-counters.js';

/** Options of {@link FirestoreUsageCounters}. */
export interface FirestoreUsageCountersOptions {
  /** The Firestore, or a function that makes it on first use (a light cold start). */
  firestore: DocumentDb | (() => Promise<DocumentDb>);
  /** The counters' collection. Default `usageCounters` (server-only in `firestore.rules`). */
  collection?: string;
  /** Told of every document read and write (benchmarks, metrics). */
  onOperation?: (op: { reads: number; writes: number }) => void;
}

function numbers(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, n] of Object.entries(value)) if (typeof n === 'number') out[key] = n;
  return out;
}

/**
 * Usage counters in Firestore: `usageCounters/{uid}_{day}`, one small document per user per UTC
 * day, written only with `FieldValue.increment` in a merge (one write per call, no read, no
 * transaction), with `expireAt` a day after the day ends for a TTL policy.
 */
export class FirestoreUsageCounters implements UsageCounterStore {
  private readonly options: FirestoreUsageCountersOptions;
  readonly ledger: string;

  constructor(options: FirestoreUsageCountersOptions) {
    this.options = options;
    this.ledger = firestoreUsageLedger(options.collection ?? DEFAULT_USAGE_COLLECTION);
  }

  async read(uid: string, day: string): Promise<UsageCounts> {
    const snap = await this.docOf(await this.db(), uid, day).get();
    this.options.onOperation?.({ reads: 1, writes: 0 });
    if (!snap.exists) return zeroUsage();
    const data = snap.data() ?? {};
    return {
      tokens: typeof data.tokens === 'number' ? data.tokens : 0,
      calls: numbers(data.calls),
      sessions: numbers(data.sessions),
    };
  }

  async add(uid: string, day: string, delta: UsageDelta): Promise<void> {
    const db = await this.db();
    const ref = this.docOf(db, uid, day);
    const FieldValue = await fieldValuesOf(db);
    const fields = usageCounterFields(FieldValue, { uid, day, tokens: delta.tokens, sessionId: delta.sessionId });
    fields.calls = { [String(delta.minute)]: FieldValue.increment(1) };
    await ref.set(fields, { merge: true });
    this.options.onOperation?.({ reads: 0, writes: 1 });
  }

  private async db(): Promise<DocumentDb> {
    const { firestore } = this.options;
    return typeof firestore === 'function' ? await firestore() : firestore;
  }

  private docOf(db: DocumentDb, uid: string, day: string) {
    return usageCounterRef(db, this.options.collection ?? DEFAULT_USAGE_COLLECTION, uid, day);
  }
}

/** The default collection of the usage counters (server-only in `firestore.rules`). */
export const DEFAULT_USAGE_COLLECTION = 'usageCounters';

/** The ledger of the counters in `collection`: what a Firestore session store that charges them names. */
export const firestoreUsageLedger = (collection: string): string => `firestore:${collection}`;

/** The counter document of `uid`'s `day` in `collection`: the one a limiter reads and a session store charges. */
export function usageCounterRef(db: DocumentDb, collection: string, uid: string, day: string) {
  // A uid may hold any character but `/`, which a document id can't.
  return db.collection(collection).doc(`${encodeURIComponent(uid)}_${day}`);
}

/** The merge that adds `tokens` to a counter document (its day's total and the session's line), no call counted. */
export function usageCounterFields(
  FieldValue: FieldValues,
  charge: { uid: string; day: string; tokens: number; sessionId?: string | undefined },
): Record<string, unknown> {
  const { uid, day, tokens, sessionId } = charge;
  const fields: Record<string, unknown> = {
    uid,
    day,
    expireAt: new Date(Date.parse(`${day}T00:00:00Z`) + 2 * DAY_MS),
    tokens: FieldValue.increment(tokens),
  };
  if (sessionId) fields.sessions = { [sessionId]: FieldValue.increment(tokens) };
  return fields;
}
