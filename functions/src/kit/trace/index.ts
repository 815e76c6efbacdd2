export { recordTurn, type TurnRecorder, type TurnTraceInit } from './record-turn.js';
export { environmentSecrets, redactSecrets } from './redact-secrets.js';
export { type TraceStep, TraceStepSchema, type TurnTrace, TurnTraceSchema } from './turn-trace.js';
