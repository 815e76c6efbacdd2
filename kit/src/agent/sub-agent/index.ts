export { type ParentTurn, parentTurnOf, withParentTurn } from './parent-turn.js';
export { subRequestId, subSessionId } from './sub-ids.js';
export { SUB_TURN, type SubTurn, type SubTurnCall } from './sub-turn.js';
export { pathRef, tagChunk } from './tag-chunk.js';
