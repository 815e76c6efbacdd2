import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FirestoreConfigError, mergeIndexes, mergeRules } from './firestore-config.js';
import { prefixIndexes, prefixRules } from './prefixed-firestore-config.js';

const KIT_RULES = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
const KIT_INDEXES = readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8');

interface Indexes {
  indexes: { collectionGroup: string }[];
  fieldOverrides: { collectionGroup: string; fieldPath: string }[];
}

describe('prefixRules', () => {
  it("puts the prefix before the sessions, history and approvals paths and in the block's markers", () => {
    const rules = prefixRules(KIT_RULES, 'support_');
    expect(rules).toContain('// callable-flows:begin[support_]');
    expect(rules).toContain('// callable-flows:end[support_]');
    expect(rules).toContain('match /support_sessions/{sessionId} {');
    expect(rules).toContain('match /support_history/{chunkId} {');
    expect(rules).toContain('/documents/support_sessions/$(sessionId)).data.ownerUid');
    expect(rules).toContain('match /support_approvals/{approvalId} {');
    expect(rules).not.toMatch(/match \/(sessions|history|approvals)\//);
    // Shared by every instance: the cleanup's notices, the push devices, a session's control documents.
    expect(rules).toContain('match /notifications/{notificationId} {');
    expect(rules).toContain('match /users/{uid}/devices/{tokenId} {');
    expect(rules).toContain('match /control/{doc} {');
  });

  it("is the kit's own rules without a prefix, and refuses a prefix no collection id can start with", () => {
    expect(prefixRules(KIT_RULES, '')).toBe(KIT_RULES);
    for (const bad of ['a/b', '__x', 'a b', "x'"])
      expect(() => prefixRules(KIT_RULES, bad)).toThrow(FirestoreConfigError);
  });
});

describe('prefixIndexes', () => {
  it('moves the indexes and overrides of the prefixed collections to their prefixed groups, and leaves the rest', () => {
    const kit = JSON.parse(KIT_INDEXES) as Indexes;
    const prefixed = JSON.parse(prefixIndexes(KIT_INDEXES, 'ops_')) as Indexes;
    expect(prefixed.indexes.map((i) => i.collectionGroup)).toEqual(kit.indexes.map((i) => `ops_${i.collectionGroup}`));
    const groups = prefixed.fieldOverrides.map((o) => o.collectionGroup);
    expect(groups).toEqual(
      expect.arrayContaining(['ops_sessions', 'ops_history', 'ops_approvals', 'ops_usageCounters']),
    );
    expect(groups).toEqual(expect.arrayContaining(['control', 'notifications', 'devices']));
    expect(groups).not.toContain('sessions');
    expect(prefixIndexes(KIT_INDEXES, '')).toBe(KIT_INDEXES);
  });
});

describe('mergeRules with prefixed blocks', () => {
  it("keeps each prefix's block apart: merging one instance again replaces only its own block", () => {
    const both = mergeRules(
      mergeRules(mergeRules(undefined, KIT_RULES), prefixRules(KIT_RULES, 'support_')),
      prefixRules(KIT_RULES, 'ops_'),
    );
    for (const name of ['sessions', 'support_sessions', 'ops_sessions']) expect(both).toContain(`match /${name}/{`);
    expect(mergeRules(both, prefixRules(KIT_RULES, 'support_'))).toBe(both);
    const edited = both.replace('match /ops_approvals/{approvalId} {', 'match /ops_approvals/{approvalId} { // edited');
    expect(mergeRules(edited, prefixRules(KIT_RULES, 'ops_'))).toBe(both);
    expect(mergeRules(edited, KIT_RULES)).toBe(edited);
  });

  it("refuses a prefix's begin marker without its end", () => {
    const broken = mergeRules(undefined, KIT_RULES).replace('// callable-flows:end', '// callable-flows:end[ops_]');
    expect(() => mergeRules(broken, KIT_RULES)).toThrow(/without "\/\/ callable-flows:end"/);
  });

  it("adds an instance's indexes beside the unprefixed ones, once", () => {
    const once = mergeIndexes(mergeIndexes(undefined, KIT_INDEXES), prefixIndexes(KIT_INDEXES, 'ops_'));
    const kit = JSON.parse(KIT_INDEXES) as Indexes;
    expect((JSON.parse(once) as Indexes).indexes).toHaveLength(2 * kit.indexes.length);
    expect(mergeIndexes(once, prefixIndexes(KIT_INDEXES, 'ops_'))).toBe(once);
  });
});
