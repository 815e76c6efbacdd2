import { KitError } from '../errors/index.js';
/** The model's final text could not be read as the requested output; `rawText` keeps what it said. */
export declare class OutputParseError extends KitError {
    readonly rawText: string;
    constructor(message: string, rawText: string, details?: Record<string, unknown>);
}
