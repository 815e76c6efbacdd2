import { describe, expect, it } from 'vitest';
import { oncePerEntry } from './once-per-entry.js';

describe('oncePerEntry', () => {
  it('makes once per entry object, again for another object with the same content, and keeps a made undefined', () => {
    const made: object[] = [];
    const textOf = oncePerEntry((entry: { text: string }) => {
      made.push(entry);
      return entry.text === '' ? undefined : entry.text.toUpperCase();
    });
    const entry = { text: 'a' };
    const same = { text: 'a' };
    const empty = { text: '' };
    expect([textOf(entry), textOf(entry), textOf(same), textOf(empty), textOf(empty)]).toEqual([
      'A',
      'A',
      'A',
      undefined,
      undefined,
    ]);
    expect(made).toEqual([entry, same, empty]);
    expect(made[0]).toBe(entry);
    expect(made[1]).toBe(same);
  });
});
