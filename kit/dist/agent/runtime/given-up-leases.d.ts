import type { Session } from '../../session/session-schema.js';
/**
 * The leases this instance's turns gave up without being able to write so (the store refused
 * the release). The store still shows them, until they lapse; a call on this instance sees
 * through them at once, so the failed call's retry is admitted now, not after the lease.
 */
export declare class GivenUpLeases {
    private readonly leases;
    /** Remembers that the turn holding `leaseId` on session `sessionId` gave it up. */
    add(sessionId: string, leaseId: string): void;
    /** `session` as a new call should see it: without a lease this instance gave up. */
    seeThrough(session: Session): Session;
}
