import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexProbes } from './index-probe.js';

const KIT_INDEXES = readFileSync(new URL('../../kit/firestore.indexes.json', import.meta.url), 'utf8');

describe('indexProbes', () => {
  it("makes one query per composite index the kit declares, on the instance's prefixed collections", () => {
    const probes = indexProbes(KIT_INDEXES, 'support_');
    expect(probes).toHaveLength((JSON.parse(KIT_INDEXES) as { indexes: unknown[] }).indexes.length);
    expect(probes).toContainEqual({
      collectionGroup: 'support_sessions',
      scope: 'COLLECTION',
      filters: [
        { field: 'ownerUid', op: '==' },
        { field: 'agent', op: '==' },
      ],
      orderBy: { field: 'updatedAt', direction: 'desc' },
    });
    expect(probes).toContainEqual({
      collectionGroup: 'support_approvals',
      scope: 'COLLECTION',
      filters: [
        { field: 'approverUids', op: 'array-contains' },
        { field: 'state', op: '==' },
      ],
      orderBy: { field: 'waitingSince', direction: 'asc' },
    });
    expect(indexProbes(KIT_INDEXES, '').map((p) => p.collectionGroup)).not.toContain('support_sessions');
  });

  it('leaves out single-field indexes and refuses an index that ends in no ordered field', () => {
    const single = { collectionGroup: 'sessions', fields: [{ fieldPath: 'a', order: 'ASCENDING' }] };
    expect(indexProbes(JSON.stringify({ indexes: [single] }), 'x_')).toEqual([]);
    const unordered = {
      collectionGroup: 'approvals',
      fields: [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', arrayConfig: 'CONTAINS' },
      ],
    };
    expect(() => indexProbes(JSON.stringify({ indexes: [unordered] }), 'x_')).toThrow(/x_approvals \(a, b\)/);
  });
});
