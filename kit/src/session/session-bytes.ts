import { oncePerEntry } from './once-per-entry.js';
import { journalOf } from './session-branches.js';
import type { Session } from './session-schema.js';

/**
 * Heap bytes per character of a session's JSON: parsed objects, their property names, arrays
 * and strings cost up to this much more than their text (3.2 measured by `npm run bench --
 * memory` for a history of short tool-calling turns, about 1 for long texts).
 */
export const HEAP_BYTES_PER_JSON_CHAR = 3.25;
/** What every cached entry costs beside its JSON (the record, the cache's own node, the session's arrays). */
const ENTRY_OVERHEAD_BYTES = 2048;

// Each entry is measured once (see once-per-entry): a warm turn measures only what it added, not
// the up to 200 snapshots and 192 KiB of artifacts a session keeps.
const charsOf = oncePerEntry((value: object): number => JSON.stringify(value).length);

const sumOf = (values: readonly object[] | undefined): number =>
  (values ?? []).reduce((sum, value) => sum + charsOf(value), 0);

/** The estimated heap bytes of `session` in memory (for a cache bounded by bytes). */
export function sessionBytes(session: Session): number {
  // Every stored message once: a forked session's head shares its first messages with the branch it left.
  let chars = sumOf(journalOf(session));
  const { history: _history, branches, snapshots, artifacts, ...rest } = session;
  if (branches) chars += JSON.stringify(branches.list).length;
  chars += sumOf(snapshots) + sumOf(artifacts);
  chars += JSON.stringify(rest).length;
  return Math.ceil(ENTRY_OVERHEAD_BYTES + chars * HEAP_BYTES_PER_JSON_CHAR);
}
