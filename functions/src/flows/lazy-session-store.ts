import type {
  Session,
  SessionDeleteOptions,
  SessionLoadOptions,
  SessionRecord,
  SessionStore,
  SessionWriteOptions,
} from '../kit/session/index.js';

/**
 * A session store made on first use (a FirestoreSessionStore needs firebase-admin, which a cold
 * start should not load before a call needs it). Every call waits for the same store.
 */
export class LazySessionStore implements SessionStore {
  private store: Promise<SessionStore> | undefined;

  constructor(private readonly make: () => Promise<SessionStore>) {}

  private get(): Promise<SessionStore> {
    this.store ??= this.make().catch((error: unknown) => {
      this.store = undefined; // a failed start (Firestore unreachable) is tried again on the next call
      throw error;
    });
    return this.store;
  }

  async load(id: string, options?: SessionLoadOptions): Promise<SessionRecord | undefined> {
    return (await this.get()).load(id, options);
  }

  async create(session: Session): Promise<SessionRecord> {
    return (await this.get()).create(session);
  }

  async write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord> {
    return (await this.get()).write(expected, next, options);
  }

  async delete(id: string, options?: SessionDeleteOptions): Promise<void> {
    return (await this.get()).delete(id, options);
  }
}
