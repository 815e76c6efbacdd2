import { describe, expect, it } from 'vitest';
import { type GenerateResponseChunk, sessionEventOf } from '../../model/index.js';
import { withEnv } from '../../test-utils/with-env.js';
import { StateStream } from './state-stream.js';

const patches = (chunks: GenerateResponseChunk[]) =>
  chunks.map((c) => {
    const event = sessionEventOf(c);
    return event?.kind === 'state' ? event.patch : undefined;
  });

describe('StateStream', () => {
  it('sends the whole state first, then what changed, and nothing when nothing did', () => {
    const sent: GenerateResponseChunk[] = [];
    const stream = new StateStream((c) => sent.push(c));
    stream.changed({ n: 1 });
    stream.changed({ n: 1 });
    stream.changed({ n: 2 });
    expect(patches(sent)).toEqual([
      [{ op: 'replace', path: '', value: { n: 1 } }],
      [{ op: 'replace', path: '/n', value: 2 }],
    ]);
  });

  it('sees a change an update made in place to the object it returned', () => {
    const sent: GenerateResponseChunk[] = [];
    const stream = new StateStream((c) => sent.push(c));
    const state = { items: ['a'] };
    stream.changed(state);
    state.items.push('b');
    stream.changed(state);
    expect(patches(sent)).toEqual([
      [{ op: 'replace', path: '', value: { items: ['a'] } }],
      [{ op: 'add', path: '/items/1', value: 'b' }],
    ]);
  });

  it('does nothing without a caller’s stream', () => {
    expect(() => new StateStream(undefined).changed({ n: 1 })).not.toThrow();
  });

  it('streams the state with the secrets of the environment taken out, as the store keeps it', async () => {
    await withEnv({ PAYMENTS_API_KEY: 'sk-live-0123456789abcdef' }, async () => {
      const sent: GenerateResponseChunk[] = [];
      new StateStream((c) => sent.push(c)).changed({ note: 'key sk-live-0123456789abcdef' });
      expect(JSON.stringify(patches(sent))).not.toContain('sk-live-0123456789abcdef');
    });
  });
});
