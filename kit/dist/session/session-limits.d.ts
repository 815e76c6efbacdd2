/**
 * What one turn may store of what tools make, in bytes of JSON. They keep every session
 * document (its typed state whole, its history tail, its kept results) under Firestore's
 * 1 MiB, whatever a tool returns. Each is checked before anything is written; a breach is
 * `PAYLOAD_TOO_LARGE` naming the field, and the session stays usable.
 */
export declare const SESSION_LIMITS: {
    /** The input of one tool call (the model's request, or a person's `replaceInput`). */
    readonly toolInputBytes: number;
    /** The output of one tool call. */
    readonly toolOutputBytes: number;
    /** The metadata of one interrupt (what a person is shown). */
    readonly interruptMetadataBytes: number;
    /** The agent's typed state, whole. */
    readonly stateBytes: number;
};
/** One of the limits of {@link SESSION_LIMITS}. */
export type SessionLimit = keyof typeof SESSION_LIMITS;
/**
 * Refuses `value` when its JSON is larger than `limit` allows: `PAYLOAD_TOO_LARGE` naming
 * `field` (`failed-precondition`: the server's data, not the caller's request, is too large).
 */
export declare function assertWithinLimit(value: unknown, limit: SessionLimit, field: string): void;
