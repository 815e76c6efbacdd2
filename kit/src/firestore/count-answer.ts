import { type RestErrorJson, RestFirestoreError, restErrorOfJson } from './rest-error.js';

/** gRPC's UNAVAILABLE: the answer did not come through whole. */
const UNAVAILABLE = 14;

/** The alias the count is asked (and answered) under. */
export const COUNT_ALIAS = 'n';

/** One entry of a runAggregationQuery's answer (a stream, sent as a JSON array). */
interface AggregationEntry {
  result?: { aggregateFields?: Record<string, { integerValue?: string | number } | undefined> };
  /** The stream failed here. */
  error?: RestErrorJson;
}

/**
 * The count a runAggregationQuery answered under {@link COUNT_ALIAS}. Fails with an error entry's
 * code when the stream failed, UNAVAILABLE when the answer holds no count (it did not come through
 * whole: a read's to send again, as batchGet's missing document).
 */
export function countOfAnswer(answer: unknown): number {
  if (Array.isArray(answer)) {
    for (const entry of answer as Array<AggregationEntry | null>) {
      if (entry?.error) throw restErrorOfJson(entry.error, 200);
      const value = entry?.result?.aggregateFields?.[COUNT_ALIAS]?.integerValue;
      if (value !== undefined) return Number(value);
    }
  }
  throw new RestFirestoreError(UNAVAILABLE, 'UNAVAILABLE: runAggregationQuery answered no count');
}
