import { KitError } from '../../errors/index.js';
import type { ApprovalNotices } from '../approval-notices.js';
import type { Session } from '../session-schema.js';
import type { SessionRecord, SessionStore, SessionWriteOptions } from '../session-store.js';
import type { WaitingCount } from '../waiting-questions.js';

/** Where a fault strikes: the `at`-th create or write (1-based), before it reaches the store or after it did. */
export interface Fault {
  at: number;
  when: 'before' | 'after';
  /** `crash`: the process is dead from then on (every later call fails); `transient`: only that call fails. */
  mode: 'crash' | 'transient';
  /** Count only the writes that give a lease up (a turn's last write, or its release after a failure). */
  on?: 'release';
  /** A transient fault strikes this many counted mutations in a row. Default 1. */
  times?: number;
}

/** One mutation the store saw. */
export interface Mutation {
  kind: 'create' | 'write';
  status: Session['status'];
  /** Calls of the open round (the last message) whose results the write journals. */
  recorded: number;
  /** The write gives the lease up. */
  releases: boolean;
}

/** How many calls of the open round `session` stores have a recorded result. */
export function recordedOf(session: Session): number {
  const last = session.history.at(-1);
  if (last?.role !== 'model') return 0;
  return last.content.filter((p) => 'toolRequest' in p && p.metadata !== undefined && 'pendingOutput' in p.metadata)
    .length;
}

/** A store wrapper that fails at a chosen step, standing in for a crash or a Firestore outage. */
export class FlakyStore implements SessionStore {
  readonly mutations: Mutation[] = [];
  private dead = false;
  private releases = 0;
  private hits = 0;
  private readonly inner: SessionStore;
  private readonly fault: Fault | undefined;

  constructor(inner: SessionStore, fault?: Fault) {
    this.inner = inner;
    this.fault = fault;
  }

  /** The store's approval notices (a dead process tells nothing: its turn's failed write started no notice). */
  get approvals(): ApprovalNotices | undefined {
    return this.inner.approvals;
  }

  /** The inner store's count of waiting approvals (a read: the faults are the writes'). */
  get waitingCount(): WaitingCount | undefined {
    return this.inner.waitingCount;
  }

  /** Whether the inner store's writes charge usage (a write that fails charges nothing). */
  get chargesUsage(): boolean | undefined {
    return this.inner.chargesUsage;
  }

  /** The process dies now (mid-step, between writes): every later call fails. */
  kill(): void {
    this.dead = true;
  }

  /** True once a fault has struck. */
  get struck(): boolean {
    return this.dead || this.hits > 0;
  }

  load(id: string): Promise<SessionRecord | undefined> {
    this.check();
    return this.inner.load(id);
  }

  create(session: Session): Promise<SessionRecord> {
    return this.mutate({ kind: 'create', status: session.status, recorded: recordedOf(session), releases: false }, () =>
      this.inner.create(session),
    );
  }

  write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord> {
    const mutation: Mutation = {
      kind: 'write',
      status: next.status,
      recorded: recordedOf(next),
      releases: next.lease === undefined,
    };
    return this.mutate(mutation, () => this.inner.write(expected, next, options));
  }

  delete(id: string): Promise<void> {
    this.check();
    return this.inner.delete(id);
  }

  /** True when `fault` strikes the mutation just counted. */
  private strikes(fault: Fault, mutation: Mutation): boolean {
    if (fault.on === 'release') {
      if (mutation.kind !== 'write' || !mutation.releases) return false;
      this.releases++;
    }
    const index = fault.on === 'release' ? this.releases : this.mutations.length;
    return index >= fault.at && index < fault.at + (fault.times ?? 1);
  }

  private check(): void {
    if (this.dead) throw new KitError('unavailable', 'injected: the process is gone');
  }

  private async mutate<T>(mutation: Mutation, run: () => Promise<T>): Promise<T> {
    this.check();
    this.mutations.push(mutation);
    const fault = this.fault;
    if (!fault || !this.strikes(fault, mutation)) return run();
    this.hits++;
    if (fault.mode === 'crash') this.dead = true;
    if (fault.when === 'before')
      throw new KitError('unavailable', `injected fault before ${mutation.kind} #${fault.at}`);
    await run();
    throw new KitError('unavailable', `injected fault after ${mutation.kind} #${fault.at}`);
  }
}
