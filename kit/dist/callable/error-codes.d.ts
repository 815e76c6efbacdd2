import type { ErrorReason, KitErrorCode } from '../errors/index.js';
/** How a kit error reaches a client, under its own code: what of it the client may read, and how it is logged. */
export interface WireErrorRule {
    /**
     * A fixed message the client gets instead of the kit's, with only the reason (and a
     * `retryAfterMs`) of the details: the kit's words could reveal something (whose session it is,
     * a stack). Absent, the kit error's message and details go to the client (written for it).
     */
    message?: string;
    /** Logged as an error (a bug or an outage) rather than as the caller's mistake. */
    logAsError?: true;
    /**
     * The reason a client gets when the error names none: the likeliest cause of the code in a
     * call to an agent. Kit layers that know better set their own (docs/reference.md, errors).
     */
    reason: ErrorReason;
}
/**
 * Every kit error code and how it goes over the wire, as the HttpsError of the same code (docs/reference.md,
 * errors: code and reason). Complete by type: a new code fails to compile until it is given a rule here.
 */
export declare const WIRE_ERROR_RULES: Readonly<Record<KitErrorCode, WireErrorRule>>;
