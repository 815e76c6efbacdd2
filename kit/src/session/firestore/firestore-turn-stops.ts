import type { DocumentRef, DocumentSnap } from '../../firestore/index.js';
import type { StopRecord, TurnStops } from '../turn-stops.js';
import { fromFirestoreError } from './firestore-error.js';

/** How long a stop document is kept (its `expireAt`, for the TTL policy): a stop matters only while its turn runs. */
const STOP_TTL_MS = 24 * 60 * 60_000;

function stopOf(snap: DocumentSnap): StopRecord | undefined {
  if (!snap.exists) return undefined;
  const leaseId = snap.get('leaseId');
  const at = snap.get('at');
  if (typeof leaseId !== 'string' || typeof at !== 'number') return undefined;
  const stop: StopRecord = { leaseId, at };
  for (const field of ['requestId', 'uid', 'clientId'] as const) {
    const value = snap.get(field);
    if (typeof value === 'string') stop[field] = value;
  }
  return stop;
}

/**
 * Stops in Firestore: one document beside each session (`<session>/control/stop`), the last
 * stop asked. A running turn listens to it (`onSnapshot`, opened with the lease): one listen
 * target per running turn, one document read when it opens and one per stop; a stop is one write.
 */
export class FirestoreTurnStops implements TurnStops {
  private readonly stopRef: (sessionId: string) => DocumentRef;

  constructor(stopRef: (sessionId: string) => DocumentRef) {
    this.stopRef = stopRef;
  }

  async ask(sessionId: string, stop: StopRecord): Promise<void> {
    try {
      await this.stopRef(sessionId).set({ ...stop, expireAt: new Date(stop.at + STOP_TTL_MS) });
    } catch (error) {
      throw fromFirestoreError(error, `asking session '${sessionId}' to stop`);
    }
  }

  async last(sessionId: string): Promise<StopRecord | undefined> {
    try {
      return stopOf(await this.stopRef(sessionId).get());
    } catch (error) {
      throw fromFirestoreError(error, `reading the stop of session '${sessionId}'`);
    }
  }

  listen(sessionId: string, leaseId: string, onStop: (stop: StopRecord) => void): () => void {
    let heard = false;
    return this.stopRef(sessionId).onSnapshot(
      (snap) => {
        const stop = stopOf(snap);
        if (heard || stop?.leaseId !== leaseId) return;
        heard = true;
        onStop(stop);
      },
      // A listener that fails leaves the turn as it was before stops existed: it runs to its end.
      () => {},
    );
  }
}
