import { describe, expect, it } from 'vitest';
import { batchGetResult } from './batch-get-answer.js';

const ROOT = 'projects/p/databases/(default)/documents';
const [A, B] = [`${ROOT}/c/a`, `${ROOT}/c/b`];
const found = (name: string) => ({ found: { name, fields: { secret: { stringValue: 'x' } }, updateTime: 't' } });

describe('batchGetResult', () => {
  it('answers each document asked for, a missing one as undefined, and the transaction a read began', () => {
    const result = batchGetResult([{ transaction: 'dHg=' }, found(A), { missing: B }], [A, B]);
    expect(result.failure).toBeUndefined();
    expect([...result.documents.keys()]).toEqual([A, B]);
    expect(result.documents.get(B)).toBeUndefined();
    expect(result.transaction).toBe('dHg=');
  });

  it('fails with the code of an error entry, keeping the transaction it began to roll back', () => {
    const result = batchGetResult(
      [{ transaction: 'dHg=' }, found(A), { error: { code: 500, status: 'INTERNAL', message: 'x' } }],
      [A, B],
    );
    expect(result.failure?.code).toBe(13);
    expect(result.transaction).toBe('dHg=');
  });

  it('fails unavailable when a document asked for is neither found nor missing: never read as missing', () => {
    const result = batchGetResult([found(A)], [A, B]);
    expect(result.failure?.code).toBe(14);
    expect(result.failure?.message).toBe('UNAVAILABLE: batchGet answered without 1 of the 2 documents asked for');
  });

  it('fails unavailable when the answer is not an array', () => {
    expect(batchGetResult({ found: {} }, [A]).failure?.code).toBe(14);
  });

  it('names no document and no value in a failure', () => {
    const { failure } = batchGetResult([found(A)], [A, B]);
    expect(failure?.message).not.toMatch(/c\/a|c\/b|secret/);
  });
});
