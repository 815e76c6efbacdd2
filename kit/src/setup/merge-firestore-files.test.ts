import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeFirestoreFiles } from './merge-firestore-files.js';

const KIT_RULES = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

describe('mergeFirestoreFiles', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the files firebase.json names, and names there the ones it named not', () => {
    dir = mkdtempSync(join(tmpdir(), 'cf-merge-'));
    writeFileSync(join(dir, 'firebase.json'), JSON.stringify({ firestore: { rules: 'rules/app.rules' } }));
    expect(() => mergeFirestoreFiles(dir)).toThrow(/ENOENT/); // its folder doesn't exist: nothing is made up
    writeFileSync(join(dir, 'firebase.json'), JSON.stringify({ firestore: { rules: 'app.rules' } }));
    const merged = mergeFirestoreFiles(dir);
    expect(merged.named).toEqual(['firestore.indexes.json']);
    expect(JSON.parse(readFileSync(join(dir, 'firebase.json'), 'utf8'))).toEqual({
      firestore: { rules: 'app.rules', indexes: 'firestore.indexes.json' },
    });
    expect(readFileSync(join(dir, 'app.rules'), 'utf8')).toBe(KIT_RULES);
    expect(JSON.parse(readFileSync(join(dir, 'firestore.indexes.json'), 'utf8')).fieldOverrides.length).toBeGreaterThan(
      0,
    );
  });

  it('writes neither file when it refuses one of them', () => {
    dir = mkdtempSync(join(tmpdir(), 'cf-merge-'));
    const rules =
      "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n  }\n}\n";
    writeFileSync(join(dir, 'firestore.rules'), rules);
    writeFileSync(join(dir, 'firestore.indexes.json'), '{ not json');
    expect(() => mergeFirestoreFiles(dir)).toThrow(/not JSON/);
    expect(readFileSync(join(dir, 'firestore.rules'), 'utf8')).toBe(rules);
  });

  it('leaves a project that has the kit merged in as it is', () => {
    dir = mkdtempSync(join(tmpdir(), 'cf-merge-'));
    mergeFirestoreFiles(dir);
    const before = [
      readFileSync(join(dir, 'firestore.rules'), 'utf8'),
      readFileSync(join(dir, 'firestore.indexes.json'), 'utf8'),
    ];
    expect(mergeFirestoreFiles(dir).changed).toEqual([]);
    expect([
      readFileSync(join(dir, 'firestore.rules'), 'utf8'),
      readFileSync(join(dir, 'firestore.indexes.json'), 'utf8'),
    ]).toEqual(before);
  });
});
