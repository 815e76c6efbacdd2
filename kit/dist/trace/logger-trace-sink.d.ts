import type { TraceSink } from './trace-sink.js';
/**
 * A sink that writes each trace as one structured log entry with the firebase-functions logger
 * (Cloud Logging's `jsonPayload.turnTrace`): INFO, or WARNING for a failed turn. The logger is
 * imported on the first trace, so the layers that take sinks never load firebase-functions.
 */
export declare function loggerTraceSink(): TraceSink;
