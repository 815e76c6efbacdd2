import { prefixIndexes } from '@callable-flows/kit/setup/prefixed-firestore-config.js';

/**
 * A query that only a composite index the kit declares can serve, on an instance's collection:
 * an equality (or array-contains) per field but the last, ordered by the last. Its answer is
 * empty (the values match no document); what it tells is whether Firestore has the index.
 */
export interface IndexProbe {
  /** The prefixed collection (group) the index is on. */
  readonly collectionGroup: string;
  readonly scope: 'COLLECTION' | 'COLLECTION_GROUP';
  readonly filters: readonly { readonly field: string; readonly op: '==' | 'array-contains' }[];
  readonly orderBy: { readonly field: string; readonly direction: 'asc' | 'desc' };
}

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

interface CompositeIndex {
  collectionGroup: string;
  queryScope?: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

/** An index by collection and fields, for the refusal of one no probe can be made from. */
function indexName(index: CompositeIndex): string {
  return `${index.collectionGroup} (${index.fields.map((f) => f.fieldPath).join(', ')})`;
}

function probeOf(index: CompositeIndex): IndexProbe {
  const last = index.fields.at(-1);
  if (!last?.order) throw new Error(`the kit's index on ${indexName(index)} does not end in an ordered field`);
  return {
    collectionGroup: index.collectionGroup,
    scope: index.queryScope ?? 'COLLECTION',
    filters: index.fields.slice(0, -1).map((f) => ({
      field: f.fieldPath,
      op: f.arrayConfig === 'CONTAINS' ? 'array-contains' : '==',
    })),
    orderBy: { field: last.fieldPath, direction: last.order === 'DESCENDING' ? 'desc' : 'asc' },
  };
}

/** One probe per composite index of the kit's firestore.indexes.json, on the collections under `prefix`. */
export function indexProbes(kitIndexes: string, prefix: string): IndexProbe[] {
  const { indexes } = JSON.parse(prefixIndexes(kitIndexes, prefix)) as { indexes?: CompositeIndex[] };
  return (indexes ?? []).filter((index) => index.fields.length > 1).map(probeOf);
}
