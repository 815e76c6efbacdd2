import { type ErrorReason, KitError, type KitErrorCode } from '../../errors/index.js';
/** What the adapter knows about a failed call beside the error itself. */
export interface FailedCall {
    model: string;
    caller: AbortSignal | undefined;
    timedOut: boolean;
    timeoutMs: number;
}
/** How one HTTP status from Gemini reaches the kit: who must act (the code) and why (the reason). */
export interface StatusRule {
    code: KitErrorCode;
    reason: ErrorReason;
}
/**
 * HTTP statuses Gemini answers with. Codes follow who must act: a 4xx is a request *we* built
 * or a key *we* hold (400 is also Gemini's answer to a bad key), so it is the operator's
 * (`internal`), never blamed on the client; a 429 is a quota to wait for; a 5xx is transient.
 */
export declare const STATUS_RULES: Readonly<Record<number, StatusRule>>;
/** The rule for an HTTP status from Gemini: other 4xx are our request's fault, other 5xx transient. */
export declare function ruleForStatus(status: number): StatusRule;
/** The wait Gemini asks for in a 429's `google.rpc.RetryInfo` detail, if it names one. */
export declare function retryAfterMsOf(body: {
    details?: unknown;
}): number | undefined;
/**
 * Any failure of a Gemini call as a kit error with a code a caller can act on and a reason
 * from the enum: HTTP statuses by {@link STATUS_RULES}, the caller's abort as `aborted`, the
 * call's deadline as `deadline-exceeded`, network failures and unreadable bodies as
 * `unavailable`. The message is the kit's own; Gemini's words and the SDK's stay in `cause`.
 */
export declare function toKitError(error: unknown, call: FailedCall): KitError;
