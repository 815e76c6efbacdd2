import { KitError } from '@callable-flows/kit/errors/index.js';
import type {
  LiveWords,
  Session,
  SessionDeleteOptions,
  SessionLoadOptions,
  SessionRecord,
  SessionStore,
  SessionWriteOptions,
  StopRecord,
  TurnQueue,
  TurnStops,
  WaitingCount,
} from '@callable-flows/kit/session/index.js';

/**
 * A session store made on first use (a FirestoreSessionStore needs firebase-admin, which a cold
 * start should not load before a call needs it). Every call waits for the same store.
 */
export class LazySessionStore implements SessionStore {
  private store: Promise<SessionStore> | undefined;

  /** `chargesUsage`: what the store it makes will say (known before it is made: the callable asks). */
  constructor(
    private readonly make: () => Promise<SessionStore>,
    readonly chargesUsage = false,
  ) {}

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

  /** The made store's count of waiting approvals (a store made without one counts none: nothing is bounded). */
  readonly waitingCount: WaitingCount = {
    count: async (filter) => (await this.get()).waitingCount?.count(filter) ?? 0,
  };

  /** The made store's stops (a store made without them refuses to stop). */
  readonly stops: TurnStops = {
    ask: async (id, stop) => this.made(await this.get()).ask(id, stop),
    last: async (id) => this.made(await this.get()).last(id),
    listen: (id, leaseId, onStop: (stop: StopRecord) => void) => {
      let unsubscribe: (() => void) | undefined;
      let closed = false;
      // A turn runs only once the store is made: this resolves at once.
      this.get().then(
        (store) => {
          if (!closed) unsubscribe = store.stops?.listen(id, leaseId, onStop);
        },
        () => {},
      );
      return () => {
        closed = true;
        unsubscribe?.();
      };
    },
  };

  /** The made store's queue (a store made without one refuses to queue). */
  readonly queue: TurnQueue = {
    push: async (id, item, options) => this.queueOf(await this.get()).push(id, item, options),
    list: async (id) => this.queueOf(await this.get()).list(id),
    shift: async (id, requestId) => this.queueOf(await this.get()).shift(id, requestId),
    claim: async (id, requestId) => this.queueOf(await this.get()).claim(id, requestId),
    withdraw: async (id, requestId, uid) => this.queueOf(await this.get()).withdraw(id, requestId, uid),
  };

  /** The made store's live words (a store made without them streams to the asking call only). */
  readonly live: LiveWords = {
    write: async (id, round) => (await this.get()).live?.write(id, round),
    read: async (id) => (await this.get()).live?.read(id),
  };

  private queueOf(store: SessionStore): TurnQueue {
    if (!store.queue) throw new KitError('unimplemented', 'this session store cannot queue messages');
    return store.queue;
  }

  private made(store: SessionStore): TurnStops {
    if (!store.stops) throw new KitError('unimplemented', 'this session store cannot stop a running turn');
    return store.stops;
  }
}
