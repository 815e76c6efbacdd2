import { LiveDocSchema, millis } from '@callable-flows/protocol';
import type { DocumentRef } from '../../firestore/index.js';
import type { LiveRound, LiveWords } from '../live-words.js';
import { fromFirestoreError } from './firestore-error.js';

/** How long a live document is kept (its `expireAt`, for the TTL policy): it matters only while its round runs. */
const LIVE_TTL_MS = 24 * 60 * 60_000;

/**
 * Live words in Firestore: one document beside each session (`<session>/control/live`, the
 * protocol's `LiveDocSchema`), overwritten by each write: one write per second at most while a
 * round streams (Firestore's sustained rate for one document), none for a round that ends sooner.
 * The owner may read it (the rules), so `watch` shows the words on every device.
 */
export class FirestoreLiveWords implements LiveWords {
  private readonly liveRef: (sessionId: string) => DocumentRef;
  private readonly onWrite: ((bytes: number) => void) | undefined;

  /** `onWrite`: told of each write once stored, with about how many bytes it sent (its fields as JSON). */
  constructor(liveRef: (sessionId: string) => DocumentRef, onWrite?: (bytes: number) => void) {
    this.liveRef = liveRef;
    this.onWrite = onWrite;
  }

  async write(sessionId: string, round: LiveRound): Promise<void> {
    const { at, reasoning, steps, ...rest } = round;
    const fields = { ...rest, ...(reasoning ? { reasoning } : {}), ...(steps?.length ? { steps } : {}) };
    try {
      await this.liveRef(sessionId).set({ ...fields, updatedAt: new Date(at), expireAt: new Date(at + LIVE_TTL_MS) });
      this.onWrite?.(Buffer.byteLength(JSON.stringify(fields)));
    } catch (error) {
      throw fromFirestoreError(error, `writing the live words of session '${sessionId}'`);
    }
  }

  async read(sessionId: string): Promise<LiveRound | undefined> {
    try {
      const snap = await this.liveRef(sessionId).get();
      if (!snap.exists) return undefined;
      const parsed = LiveDocSchema.safeParse(snap.data());
      if (!parsed.success) return undefined;
      const { updatedAt, expireAt: _expireAt, reasoning, steps, ...rest } = parsed.data;
      return {
        ...rest,
        ...(reasoning === undefined ? {} : { reasoning }),
        ...(steps === undefined ? {} : { steps }),
        at: millis(updatedAt),
      };
    } catch (error) {
      throw fromFirestoreError(error, `reading the live words of session '${sessionId}'`);
    }
  }
}
