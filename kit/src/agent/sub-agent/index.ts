export {
  type NestedAnswerer,
  SUB_AGENT_CALLS,
  type SubAgentCalls,
  type SubAgentResumed,
  subAgentCallsOf,
  subResumeOf,
} from './nested.js';
export { type ParentTurn, parentTurnOf, withParentTurn } from './parent-turn.js';
export { subRequestId, subSessionId } from './sub-ids.js';
export { type SessionLink, SUB_TURN, type SubTurn, type SubTurnCall, type SubTurnResult } from './sub-turn.js';
export { tagChunk } from './tag-chunk.js';
