import type { Session } from '../../session/session-schema.js';

/** How many given-up leases an instance remembers (the newest; each is needed only until its session is written again). */
const REMEMBERED = 1_000;

/**
 * The leases this instance's turns gave up without being able to write so (the store refused
 * the release). The store still shows them, until they lapse; a call on this instance sees
 * through them at once, so the failed call's retry is admitted now, not after the lease.
 */
export class GivenUpLeases {
  private readonly leases = new Map<string, string>();

  /** Remembers that the turn holding `leaseId` on session `sessionId` gave it up. */
  add(sessionId: string, leaseId: string): void {
    this.leases.delete(sessionId);
    this.leases.set(sessionId, leaseId);
    if (this.leases.size > REMEMBERED) this.leases.delete(this.leases.keys().next().value as string);
  }

  /** `session` as a new call should see it: without a lease this instance gave up. */
  seeThrough(session: Session): Session {
    const given = this.leases.get(session.id);
    if (given === undefined) return session;
    if (session.lease?.id !== given) {
      this.leases.delete(session.id); // written since: the entry has done its work
      return session;
    }
    const { lease: _lease, ...rest } = session;
    return rest;
  }
}
