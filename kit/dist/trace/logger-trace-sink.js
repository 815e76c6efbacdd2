import { lazy } from '../lazy/index.js';
import { traceSummary } from './trace-sink.js';
const loadLogger = lazy(() => import('firebase-functions/logger'));
/**
 * A sink that writes each trace as one structured log entry with the firebase-functions logger
 * (Cloud Logging's `jsonPayload.turnTrace`): INFO, or WARNING for a failed turn. The logger is
 * imported on the first trace, so the layers that take sinks never load firebase-functions.
 */
export function loggerTraceSink() {
    return async (trace) => {
        const log = await loadLogger();
        log.write({
            severity: trace.status === 'failed' ? 'WARNING' : 'INFO',
            message: traceSummary(trace),
            turnTrace: trace,
        });
    };
}
//# sourceMappingURL=logger-trace-sink.js.map