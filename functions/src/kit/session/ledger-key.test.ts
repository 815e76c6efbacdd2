import { describe, expect, it } from 'vitest';
import { canonicalJson, inputHash, ledgerKey } from './ledger-key.js';

describe('canonicalJson', () => {
  it('gives equal text when objects differ only in key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });
});

describe('ledgerKey', () => {
  const base = { sessionId: 's', turn: 1, name: 'charge', ref: 'r0.0', inputHash: inputHash({ cents: 5 }) };

  it('gives the same key when the call is the same', () => {
    expect(ledgerKey(base)).toBe(ledgerKey({ ...base, inputHash: inputHash({ cents: 5 }) }));
  });

  it('gives another key when the turn, ref or input differs', () => {
    const keys = new Set([
      ledgerKey(base),
      ledgerKey({ ...base, turn: 2 }),
      ledgerKey({ ...base, ref: 'r0.1' }),
      ledgerKey({ ...base, inputHash: inputHash({ cents: 6 }) }),
      ledgerKey({ ...base, sessionId: 't' }),
    ]);
    expect(keys.size).toBe(5);
  });
});
