// Re-exported for callers that imported them from here before they had their own layer.
export { environmentSecrets, redactSecrets, redactValue } from '../redact/index.js';
export {
  DEFAULT_TRACE_TTL_MS,
  DEFAULT_TRACES_COLLECTION,
  type FirestoreTraceSinkOptions,
  firestoreTraceSink,
} from './firestore-trace-sink.js';
export { loggerTraceSink } from './logger-trace-sink.js';
export { type ReadTraces, type ReadTracesOptions, readTraces } from './read-traces.js';
export { recordTurn, type TurnEnd, type TurnRecorder, type TurnTraceInit } from './record-turn.js';
export { type FlowMetrics, flowMetrics, formatMetrics, percentile } from './trace-metrics.js';
export { emitTrace, type TraceSink, traceSummary } from './trace-sink.js';
export { type TraceStep, TraceStepSchema, type TurnTrace, TurnTraceSchema } from './turn-trace.js';
