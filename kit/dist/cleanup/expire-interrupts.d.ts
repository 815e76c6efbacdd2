import { type Sweep } from './sweep.js';
/**
 * Expires the sessions whose interrupts waited longer than `interruptTtlMs`, oldest first, a
 * page at a time. Sessions old enough to be deleted are left to the deletion phase.
 */
export declare function expireInterrupts(sweep: Sweep): Promise<void>;
