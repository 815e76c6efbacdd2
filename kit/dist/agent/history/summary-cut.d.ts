import type { Message } from '../../model/index.js';
/**
 * Where to end the summarised part of a history, or undefined when it's not time yet: once
 * more than `triggerTurns` user turns follow `upTo`, everything before the last `keepTurns`
 * turns. Cuts fall on user messages and never between a tool request and its response.
 */
export declare function summaryCut(history: readonly Message[], upTo: number, keepTurns: number, triggerTurns: number): number | undefined;
