import { type Sweep } from './sweep.js';
/** Deletes the sessions last updated longer ago than `sessionTtlMs`, with their history, a page at a time. */
export declare function deleteSessions(sweep: Sweep): Promise<void>;
