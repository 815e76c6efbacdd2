import { type ErrorCode, type ErrorReason } from '@callable-flows/protocol';
/** A kit error code, e.g. `invalid-argument`: one of the protocol's `ERROR_CODES`. */
export type KitErrorCode = ErrorCode;
declare const KIT_ERROR_MARK: unique symbol;
/** Options for a {@link KitError}. */
export interface KitErrorOptions {
    /** Data that is safe to show a client (field names, limits); never secrets. */
    details?: Record<string, unknown>;
    /** Why, for a client to switch on; stored as `details.reason`. */
    reason?: ErrorReason;
    cause?: unknown;
}
/** The one error class of the kit: a code a caller can act on, a message, safe details. */
export declare class KitError extends Error {
    readonly code: KitErrorCode;
    readonly details: Record<string, unknown> | undefined;
    readonly [KIT_ERROR_MARK] = true;
    constructor(code: KitErrorCode, message: string, options?: KitErrorOptions);
    /** The reason a client switches on, when the error names one. */
    get reason(): ErrorReason | undefined;
}
/** True for any kit error, from this copy of the kit or another one. */
export declare function isKitError(value: unknown): value is KitError;
export {};
