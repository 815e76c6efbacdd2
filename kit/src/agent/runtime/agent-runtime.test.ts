import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from '../../models/scripted/index.js';
import { LruSessionCache } from '../../session/lru-session-cache.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { testTools } from '../../test-utils/protocol-tools.js';
import { resolveAgent } from './agent-runtime.js';

const model = scriptedModel([]);
const store = new InMemorySessionStore();

describe('resolveAgent', () => {
  it('fills in every default and caches the store when the configuration names only the essentials', () => {
    const rt = resolveAgent({ name: 'chat', model, store, tools: testTools().all });
    expect(rt.store).toBeInstanceOf(LruSessionCache);
    expect([...rt.toolMap.keys()]).toEqual(['lookup', 'confirm', 'guarded']);
    expect(rt.compression).toBeUndefined();
    expect(rt.traces).toEqual([]);
    expect(rt.maxTurns).toBeGreaterThan(0);
  });

  it('uses the store as it is when caching is off', () => {
    expect(resolveAgent({ name: 'chat', model, store, cache: false }).store).toBe(store);
  });

  it('derives the compression trigger from keepTurns when compression is on', () => {
    const rt = resolveAgent({ name: 'chat', model, store, history: { compress: { keepTurns: 3 } } });
    expect(rt.compression).toMatchObject({ keepTurns: 3, triggerTurns: 6, model, maxSummaryChars: 8000 });
  });

  it('parses the initial state with the state schema', () => {
    const rt = resolveAgent({
      name: 'chat',
      model,
      store,
      state: z.object({ n: z.number().default(1) }),
      initialState: {},
    });
    expect(rt.state?.initial).toEqual({ n: 1 });
  });

  it('refuses a bad name, a bad keepTurns or an initial state the schema rejects', () => {
    expect(() => resolveAgent({ name: 'no spaces', model, store })).toThrow(/invalid agent name/);
    expect(() => resolveAgent({ name: 'chat', model, store, history: { compress: { keepTurns: 0 } } })).toThrow(
      /keepTurns/,
    );
    expect(() =>
      resolveAgent({ name: 'chat', model, store, state: z.object({ n: z.number() }), initialState: {} }),
    ).toThrow(/initialState/);
  });
});
