import { KitError } from '../errors/index.js';
/**
 * The error a failed cleanup run ends with: its code and message in words safe to log (the
 * scheduler wrapper logs the message of what the handler throws).
 */
export declare function failedRunError(error: unknown, durationMs: number): KitError;
