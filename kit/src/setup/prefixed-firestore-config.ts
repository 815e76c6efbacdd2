import { blockMarkers, FirestoreConfigError, RULES_BEGIN, RULES_END } from './firestore-config.js';

// The kit's rules and indexes for an instance whose collections carry a prefix (a Function Kit
// instance's `AGENT_COLLECTION_PREFIX`, or a `FirestoreSessionStore`'s `prefix`): the same rules
// and indexes, on `<prefix>sessions`, its `<prefix>history`, `<prefix>approvals` and
// `<prefix>usageCounters`. Notifications, devices and the session's `control` documents are
// shared names, so every instance's block carries the same rules for them.

/** The collections a store's prefix goes before (`FirestoreSessionStore`, the usage counters). */
export const PREFIXED_COLLECTIONS = ['sessions', 'history', 'approvals', 'usageCounters'] as const;

// A collection id holds no slash and no rules-language punctuation; `__…__` ids are Firestore's own.
const PREFIX_SHAPE = /^[A-Za-z0-9_-]*$/;

/** Whether `prefix` can start a collection id that the rules can name as it is. */
export function isCollectionPrefix(prefix: string): boolean {
  return PREFIX_SHAPE.test(prefix) && !prefix.startsWith('__');
}

/** Refuses a prefix no collection id can start with, or one the rules could not name. */
export function assertCollectionPrefix(prefix: string): void {
  if (!isCollectionPrefix(prefix))
    throw new FirestoreConfigError(`'${prefix}' is no collection prefix: use letters, digits, '_' and '-'`);
}

/** The kit's rules file with its block's markers and collection paths under `prefix`. */
export function prefixRules(kitRules: string, prefix: string): string {
  assertCollectionPrefix(prefix);
  if (prefix === '') return kitRules;
  const markers = blockMarkers(prefix);
  let rules = kitRules.replace(RULES_BEGIN, markers.begin).replace(RULES_END, markers.end);
  for (const name of PREFIXED_COLLECTIONS) {
    // A match line (`match /sessions/{…}`) and a path read in a condition (`documents/sessions/$(…)`).
    rules = rules
      .replaceAll(`match /${name}/{`, `match /${prefix}${name}/{`)
      .replaceAll(`/documents/${name}/$(`, `/documents/${prefix}${name}/$(`);
  }
  return rules;
}

interface CollectionGroupEntry {
  collectionGroup?: unknown;
}

const prefixed = <T extends CollectionGroupEntry>(entry: T, prefix: string): T =>
  typeof entry.collectionGroup === 'string' &&
  (PREFIXED_COLLECTIONS as readonly string[]).includes(entry.collectionGroup)
    ? { ...entry, collectionGroup: `${prefix}${entry.collectionGroup}` }
    : entry;

/** The kit's firestore.indexes.json with its indexes and field overrides on the prefixed collection groups. */
export function prefixIndexes(kitIndexes: string, prefix: string): string {
  assertCollectionPrefix(prefix);
  if (prefix === '') return kitIndexes;
  const kit = JSON.parse(kitIndexes) as { indexes?: CollectionGroupEntry[]; fieldOverrides?: CollectionGroupEntry[] };
  return `${JSON.stringify(
    {
      ...kit,
      indexes: (kit.indexes ?? []).map((i) => prefixed(i, prefix)),
      fieldOverrides: (kit.fieldOverrides ?? []).map((o) => prefixed(o, prefix)),
    },
    null,
    2,
  )}\n`;
}
