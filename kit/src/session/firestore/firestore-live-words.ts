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

  constructor(liveRef: (sessionId: string) => DocumentRef) {
    this.liveRef = liveRef;
  }

  async write(sessionId: string, round: LiveRound): Promise<void> {
    const { at, reasoning, ...rest } = round;
    try {
      await this.liveRef(sessionId).set({
        ...rest,
        ...(reasoning ? { reasoning } : {}),
        updatedAt: new Date(at),
        expireAt: new Date(at + LIVE_TTL_MS),
      });
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
      const { updatedAt, expireAt: _expireAt, reasoning, ...rest } = parsed.data;
      return { ...rest, ...(reasoning === undefined ? {} : { reasoning }), at: millis(updatedAt) };
    } catch (error) {
      throw fromFirestoreError(error, `reading the live words of session '${sessionId}'`);
    }
  }
}
