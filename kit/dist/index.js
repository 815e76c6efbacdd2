// The public API of Callable Flows. Each layer's own index.ts lists its exports; this file
// names the ones an application uses.
export { defineAgent, REQUEST_WINDOW, } from './agent/index.js';
export { allOf, CallRequestSchema, CallResultSchema, callerUid, FirestoreUsageCounters, hasClaim, InMemoryUsageCounters, onCallFlow, PAYLOAD_LIMITS, signedIn, verifiedEmail, WIRE_ERROR_RULES, WireChunkSchema, } from './callable/index.js';
export { notifyOwner, runCleanup, scheduledCleanup, } from './cleanup/index.js';
export { cloudTasksQueue, onTurnContinuation, } from './continuation/index.js';
export * from './engine.js';
export { emulatorEndpoint, GoogleAuthEndpoint, MetadataEndpoint, RestFirestore, RestGeoPoint, RestTimestamp, restEndpointFromEnv, } from './firestore/index.js';
export { defineFlow } from './flow/index.js';
export { redactSecrets, redactValue } from './redact/index.js';
export { FirestoreSessionStore, } from './session/firestore/index.js';
export { InMemorySessionStore, isWriteConflict, LruSessionCache, SESSION_LIMITS, SessionSchema, standingOf, } from './session/index.js';
export { FirestoreConfigError, mergeFirestoreFiles, mergeIndexes, mergeRules, } from './setup/index.js';
export { CAPTURE_CONTENT_ENV, registerTracing, } from './telemetry/index.js';
export { firestoreTraceSink, flowMetrics, formatMetrics, loggerTraceSink, readTraces, recordTurn, } from './trace/index.js';
//# sourceMappingURL=index.js.map