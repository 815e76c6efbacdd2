export type { AgentCallContext, AgentInput, AgentWarmOptions, AgentWarmup } from './agent-call.js';
export type { TurnEnd, TurnEndHook } from './turn-end.js';
export type {
  Answerer,
  ClientTurnRequest,
  ContinuationRequest,
  PlannedFork,
  StartedTurn,
  TurnPlan,
} from './turn-plan.js';
export type { AgentTurnResult, PendingInterrupt } from './turn-result.js';
