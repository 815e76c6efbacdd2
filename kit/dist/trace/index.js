// Re-exported for callers that imported them from here before they had their own layer.
export { environmentSecrets, redactSecrets, redactValue } from '../redact/index.js';
export { DEFAULT_TRACES_COLLECTION, firestoreTraceSink } from './firestore-trace-sink.js';
export { loggerTraceSink } from './logger-trace-sink.js';
export { readTraces } from './read-traces.js';
export { recordTurn } from './record-turn.js';
export { flowMetrics, formatMetrics, percentile } from './trace-metrics.js';
export { emitTrace, traceSummary } from './trace-sink.js';
export { TurnTraceSchema } from './turn-trace.js';
//# sourceMappingURL=index.js.map