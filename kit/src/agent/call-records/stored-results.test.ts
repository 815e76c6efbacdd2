import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StoredResult } from '../../session/index.js';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import type { AgentTurnResult } from '../turn/index.js';
import { keepResult, replayResult } from './stored-results.js';

const result = (text: string, output?: unknown): AgentTurnResult => ({
  sessionId: 's1',
  status: 'done',
  finishReason: 'stop',
  text,
  interrupts: [],
  usage: {},
  ...(output === undefined ? {} : { output }),
});
const stored = (requestId: string, text = 'ok'): StoredResult => ({ requestId, result: result(text), at: 1 });

describe('keepResult', () => {
  it('keeps the newest results, the new one last, when more than keep are stored', () => {
    const kept = keepResult([stored('a'), stored('b'), stored('c')], 'd', result('new'), 0, 3, 9);
    expect(kept.map((r) => r.requestId)).toEqual(['b', 'c', 'd']);
    expect(kept.at(-1)).toEqual({ requestId: 'd', result: result('new'), at: 9 });
  });

  it('replaces the result of the same request id rather than keeping it twice', () => {
    expect(keepResult([stored('a'), stored('b')], 'a', result('again'), 0, 5, 2).map((r) => r.requestId)).toEqual([
      'b',
      'a',
    ]);
  });

  it('keeps a pointer to the history message instead of a large text', () => {
    const [kept] = keepResult([], 'big', result('x'.repeat(20_000), { a: 1 }), 7, 5, 1);
    expect(kept).toMatchObject({ requestId: 'big', textAt: 7, result: { text: '' } });
    expect(kept?.result).not.toHaveProperty('output');
  });
});

describe('replayResult', () => {
  it('gives the stored result of a request id, and nothing for an unknown one', () => {
    const session = { ...sampleSession('s1'), results: [stored('a', 'first')] };
    expect(replayResult(session, 'a', undefined)?.text).toBe('first');
    expect(replayResult(session, 'b', undefined)).toBeUndefined();
  });

  it('rebuilds a large result’s text and output from the history message it points at', () => {
    const text = JSON.stringify({ answer: 42 });
    const session = {
      ...sampleSession('s1', [
        { role: 'user', content: [{ text: 'q' }] },
        { role: 'model', content: [{ text }] },
      ]),
      results: [{ requestId: 'big', result: result(''), textAt: 1, at: 1 }],
    };
    const replayed = replayResult(session, 'big', { schema: z.object({ answer: z.number() }) });
    expect(replayed).toMatchObject({ text, output: { answer: 42 } });
  });
});
