import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FirestoreConfigError, mergeIndexes, mergeRules, RULES_BEGIN, RULES_END } from './firestore-config.js';

const KIT_RULES = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
const KIT_INDEXES = readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8');

/** What `firebase init firestore` writes for a new project (locked down). */
const INIT_RULES = `rules_version = '2';

service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} {
      allow read, write: if false;
    }
  }
}
`;

describe('mergeRules', () => {
  it("puts the kit's block first inside the documents match, keeping the project's own rules", () => {
    const merged = mergeRules(INIT_RULES, KIT_RULES);
    expect(
      merged.startsWith(
        "rules_version = '2';\n\nservice cloud.firestore {\n  match /databases/{database}/documents {\n    // callable-flows:begin",
      ),
    ).toBe(true);
    expect(merged).toContain('match /sessions/{sessionId} {');
    expect(merged).toContain('    match /{document=**} {\n      allow read, write: if false;');
    expect(merged.indexOf(RULES_END)).toBeLessThan(merged.indexOf('match /{document=**}'));
  });

  it('changes nothing when merged again, and replaces an older block whole', () => {
    const merged = mergeRules(INIT_RULES, KIT_RULES);
    expect(mergeRules(merged, KIT_RULES)).toBe(merged);
    const edited = merged.replace('match /sessions/{sessionId} {', 'match /sessions/{sessionId} { // edited');
    expect(mergeRules(edited, KIT_RULES)).toBe(merged);
  });

  it("is the kit's own file when the project has no rules yet", () => {
    expect(mergeRules(undefined, KIT_RULES)).toBe(KIT_RULES);
    expect(mergeRules('  \n', KIT_RULES)).toBe(KIT_RULES);
  });

  it('refuses rules it cannot place the block in, naming what is missing', () => {
    expect(() => mergeRules("rules_version = '2';\nservice firebase.storage {}\n", KIT_RULES)).toThrow(
      FirestoreConfigError,
    );
    expect(() => mergeRules(`${INIT_RULES}\n${RULES_BEGIN}\n`, KIT_RULES)).toThrow(/without/);
  });
});

describe('mergeIndexes', () => {
  const kit = JSON.parse(KIT_INDEXES) as {
    indexes: unknown[];
    fieldOverrides: { collectionGroup: string; fieldPath: string }[];
  };

  it("adds the kit's indexes and field overrides to the project's, keeping the project's", () => {
    const own = {
      collectionGroup: 'orders',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'ownerUid', order: 'ASCENDING' }],
    };
    const merged = JSON.parse(mergeIndexes(JSON.stringify({ indexes: [own], fieldOverrides: [] }), KIT_INDEXES));
    expect(merged.indexes).toEqual([own, ...kit.indexes]);
    expect(merged.fieldOverrides).toEqual(kit.fieldOverrides);
  });

  it("replaces the project's override of a field the kit overrides, and adds nothing twice", () => {
    const stale = { collectionGroup: 'sessions', fieldPath: 'expireAt', ttl: false, indexes: [] };
    const once = mergeIndexes(JSON.stringify({ indexes: kit.indexes, fieldOverrides: [stale] }), KIT_INDEXES);
    expect(JSON.parse(once)).toEqual({ indexes: kit.indexes, fieldOverrides: kit.fieldOverrides });
    expect(mergeIndexes(once, KIT_INDEXES)).toBe(once);
  });

  it("is the kit's indexes when the project has none, and refuses a file that isn't Firestore's", () => {
    expect(JSON.parse(mergeIndexes(undefined, KIT_INDEXES))).toEqual(kit);
    expect(() => mergeIndexes('{ nope', KIT_INDEXES)).toThrow(FirestoreConfigError);
    expect(() => mergeIndexes('{"indexes": {}}', KIT_INDEXES)).toThrow(/lists/);
  });
});
