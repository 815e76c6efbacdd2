// Re-exported for callers that imported them from here before they had their own layer.
export { environmentSecrets, redactValue } from '../redact/index.js';
export { firestoreTraceSink } from './firestore-trace-sink.js';
export { loggerTraceSink } from './logger-trace-sink.js';
export { readTraces } from './read-traces.js';
export { recordTurn } from './record-turn.js';
export { flowMetrics, formatMetrics } from './trace-metrics.js';
export { emitTrace, type TraceSink } from './trace-sink.js';
export { type TurnTrace, TurnTraceSchema } from './turn-trace.js';
