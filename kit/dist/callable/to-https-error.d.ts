import { HttpsError } from 'firebase-functions/v2/https';
import type { CallLogScope } from './call-log-scope.js';
/**
 * The HttpsError a client gets for `error`, always with `details.reason` from the enum
 * (docs/reference.md, errors). Kit errors follow {@link WIRE_ERROR_RULES}; their message and
 * details are redacted once more on the way out. An HttpsError a flow threw on purpose passes
 * through (given a reason if it names none); anything else is a bug or an outage we did not
 * name: logged with the session id and surfaced as `internal` with reason `INTERNAL`.
 */
export declare function toHttpsError(error: unknown, scope: CallLogScope): HttpsError;
