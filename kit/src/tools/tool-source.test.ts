import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import type { Tool } from './tool.js';
import { hasToolSource, resolveSources, resolveToolEntries, type ToolSource } from './tool-source.js';

const tool = (name: string): Tool =>
  defineTool({ name, description: name, inputSchema: z.object({}) }, () => name) as unknown as Tool;

function source(name: string, tools: readonly Tool[], async = false): ToolSource & { contexts: unknown[] } {
  const contexts: unknown[] = [];
  return {
    kind: 'tool-source',
    name,
    contexts,
    tools: (context) => {
      contexts.push(context);
      return async ? Promise.resolve(tools) : tools;
    },
  };
}

describe('tool sources', () => {
  it('hands back the lists themselves, without a promise, when every source answers at once', () => {
    const listed = [tool('a')];
    const lists = resolveSources([source('s', listed)], { uid: 'u' });
    expect(Array.isArray(lists)).toBe(true);
    expect((lists as (readonly Tool[])[])[0]).toBe(listed);
  });

  it('waits for a source that lists asynchronously and gives it the caller’s context', async () => {
    const slow = source('s', [tool('b')], true);
    const lists = resolveSources([source('fast', [tool('a')]), slow], { uid: 'u' });
    expect(lists).toBeInstanceOf(Promise);
    expect((await lists).map((list) => list.map((t) => t.name))).toEqual([['a'], ['b']]);
    expect(slow.contexts).toEqual([{ uid: 'u' }]);
  });

  it('puts a list’s own tools first, then each source’s, when entries are resolved', async () => {
    const entries = [tool('own'), source('s1', [tool('x')], true), tool('mine'), source('s2', [tool('y')])];
    expect(hasToolSource(entries)).toBe(true);
    expect(hasToolSource([tool('own')])).toBe(false);
    expect((await resolveToolEntries(entries, {})).map((t) => t.name)).toEqual(['own', 'mine', 'x', 'y']);
  });
});
