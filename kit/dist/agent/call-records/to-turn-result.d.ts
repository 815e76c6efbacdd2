import type { GenerateResult } from '../../generate/index.js';
import type { ToolRequestPart } from '../../model/index.js';
import type { AgentTurnResult, PendingInterrupt } from '../turn/index.js';
/**
 * An interrupted tool request as a client sees it (answered since: as it was asked, its input
 * before a person's edit), with the digest of that input, which an answer may send back.
 */
export declare function toPendingInterrupt(part: ToolRequestPart): PendingInterrupt;
/** The result of one agent call, from the generation that ran it. */
export declare function toTurnResult(sessionId: string, result: GenerateResult): AgentTurnResult;
