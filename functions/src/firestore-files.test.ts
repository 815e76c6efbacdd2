import { readFileSync } from 'node:fs';
import { mergeIndexes, mergeRules } from '@callable-flows/kit';
import { describe, expect, it } from 'vitest';

// The example project holds the kit's rules and indexes as a user's project would: merged in by the
// kit's command, not copied by hand. A kit change that isn't merged here fails this test.
const file = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe("the example project's Firestore files", () => {
  it("hold the kit's rules block and indexes, as `npx callable-flows-firestore` merges them", () => {
    const rules = file('../../firestore.rules');
    const indexes = file('../../firestore.indexes.json');
    expect(mergeRules(rules, file('../../kit/firestore.rules'))).toBe(rules);
    expect(mergeIndexes(indexes, file('../../kit/firestore.indexes.json'))).toBe(indexes);
  });
});
