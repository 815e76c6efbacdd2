import { Firestore } from '@google-cloud/firestore';
import { describe, expect, it } from 'vitest';
import { documentPathOfName, isDocumentRefLike, referenceNameOf } from './rest-reference.js';

const ROOT = 'projects/p/databases/(default)/documents';
/** An SDK client of another project and database, never connected (references need no call). */
const other = new Firestore({ projectId: 'other', databaseId: 'named' });
/** A reference as the REST client's own are: a class instance with DocumentRef's shape. */
class OwnRef {
  readonly id = 'd';
  readonly path = 'c/d';
  collection(): void {}
  async get(): Promise<void> {}
}
const restRef = new OwnRef();

describe('isDocumentRefLike', () => {
  it('recognises the SDK’s DocumentReference and any DocumentRef, not a collection or a path string', () => {
    expect(isDocumentRefLike(other.doc('c/d'))).toBe(true);
    expect(isDocumentRefLike(restRef)).toBe(true);
    expect(isDocumentRefLike(other.collection('c'))).toBe(false);
    expect(isDocumentRefLike({ id: 'd', path: 'c/d' })).toBe(false);
  });
});

describe('referenceNameOf', () => {
  it('writes the SDK’s reference in its own client’s database, as the SDK does', () => {
    expect(referenceNameOf(other.doc('c/d'), ROOT)).toBe('projects/other/databases/named/documents/c/d');
  });

  it('writes a reference that names no database in the database of the write', () => {
    expect(referenceNameOf(restRef, ROOT)).toBe(`${ROOT}/c/d`);
  });
});

describe('documentPathOfName', () => {
  it('reads a document’s name as its path below any database, as the SDK does', () => {
    expect(documentPathOfName(`${ROOT}/c/d`)).toBe('c/d');
    expect(documentPathOfName('projects/x/databases/y/documents/c/d/sub/e')).toBe('c/d/sub/e');
  });

  it('refuses a collection’s name and what is no name at all, without repeating it', () => {
    for (const name of [`${ROOT}/c`, ROOT, 'c/d', `${ROOT}/c//d`]) {
      expect(() => documentPathOfName(name), name).toThrow(TypeError);
    }
    expect(() => documentPathOfName(`${ROOT}/secret-collection`)).not.toThrow(/secret/);
  });
});
