import { KitError } from './kit-error.js';
/** The error a kit operation rejects with when its `AbortSignal` fires. */
export declare function abortError(signal: AbortSignal | undefined, what: string): KitError;
/** Throws the kit's abort error when `signal` has already fired. */
export declare function throwIfAborted(signal: AbortSignal | undefined, what: string): void;
