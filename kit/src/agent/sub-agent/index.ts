export {
  type NestedAnswerer,
  nestedHeadsOf,
  nestedInterruptsOf,
  nestReplies,
  SUB_AGENT_CALLS,
  type SubAgentCalls,
  type SubAgentInterrupt,
  type SubAgentResumed,
  splitPathRef,
  subAgentCallsOf,
  subResumeOf,
} from './nested.js';
export { type ParentTurn, parentTurnOf, withParentTurn } from './parent-turn.js';
export { subRequestId, subSessionId } from './sub-ids.js';
export { type SessionLink, SUB_TURN, type SubTurn, type SubTurnCall } from './sub-turn.js';
export { pathRef, tagChunk } from './tag-chunk.js';
