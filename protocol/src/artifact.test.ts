import { describe, expect, it } from 'vitest';
import { artifactsOf } from './artifact.js';

describe('artifactsOf', () => {
  it('reads the artifacts of a map by name, skipping an entry that is not one', () => {
    const b = { name: 'b', version: 1, parts: [{ text: 'B' }], at: 1 };
    const a = { name: 'a', version: 3, parts: [{ data: [1] }], at: 2, ref: 'c1' };
    const map = { k1: JSON.stringify(b), k2: JSON.stringify(a), k3: '{not json', k4: JSON.stringify({ name: 'x' }) };
    expect(artifactsOf(map)).toEqual([a, b]);
  });

  it('reads no artifacts from a document written before they existed', () => {
    expect(artifactsOf(undefined)).toEqual([]);
  });
});
