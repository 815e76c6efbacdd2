import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stampInterrupt } from '../call-state/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
import { defineInterrupt, defineTool } from '../tools/index.js';
import { changedCallsOf, currentInputOf, isChangedCall } from './current-input.js';
import { toToolMap } from './to-tool-map.js';

// Version 1 of `pay` took `amount`; version 2 takes `cents`.
const V1 = z.object({ to: z.string(), amount: z.number() });
const V2 = z.object({ to: z.string(), cents: z.number() });
const body = () => ({ ok: true });
const payV1 = defineTool({ name: 'pay', description: 'pays', inputSchema: V1 }, body);
const payV2 = (config: { version?: number; migrateInput?: (input: unknown, from: number) => unknown } = {}) =>
  defineTool({ name: 'pay', description: 'pays', inputSchema: V2, version: 2, ...config }, body);
const renamed = (input: unknown) => {
  const { amount, ...rest } = input as { amount: number; to: string };
  return { ...rest, cents: amount };
};

/** A call of `pay` waiting under `version`, with `input`. */
const asked = (input: unknown, version = 1): ToolRequestPart =>
  stampInterrupt({ toolRequest: { name: 'pay', ref: 'p', input } }, { title: 'pay?' }, { toolVersion: version });
const AMOUNT = { to: 'BOB', amount: 5 };

describe('currentInputOf', () => {
  it('gives the stored input, parsed, when the call was asked under the tool’s own version', () => {
    expect(currentInputOf(asked(AMOUNT), payV1)).toEqual({ input: AMOUNT, migrated: false });
    expect(currentInputOf(asked({ to: 'BOB', cents: 5 }, 2), payV2())).toEqual({
      input: { to: 'BOB', cents: 5 },
      migrated: false,
    });
  });

  it('migrates and parses the input of a call asked under an older version, telling migrateInput that version', () => {
    const froms: number[] = [];
    const tool = payV2({
      migrateInput: (input, from) => {
        froms.push(from);
        return renamed(input);
      },
    });
    expect(currentInputOf(asked(AMOUNT), tool)).toEqual({ input: { to: 'BOB', cents: 5 }, migrated: true });
    expect(froms).toEqual([1]);
  });

  it('is changed when the tool is gone, the input no longer parses, the migration throws or makes an input that does not parse', () => {
    expect(currentInputOf(asked(AMOUNT), undefined).changed).toBe(true);
    expect(currentInputOf(asked(AMOUNT), payV2()).changed).toBe(true);
    // The schema changed without a bump: the stored input no longer parses under the same version.
    expect(currentInputOf(asked(AMOUNT, 2), payV2()).changed).toBe(true);
    const throwing = payV2({
      migrateInput: () => {
        throw new Error('no');
      },
    });
    expect(currentInputOf(asked(AMOUNT), throwing).changed).toBe(true);
    expect(currentInputOf(asked(AMOUNT), payV2({ migrateInput: (input) => input })).changed).toBe(true);
  });

  it('runs a call of another version as it is when its input still parses and the tool declares no migration', () => {
    const loose = defineTool({ name: 'pay', description: 'pays', inputSchema: V1.partial(), version: 3 }, body);
    expect(currentInputOf(asked(AMOUNT), loose)).toEqual({ input: AMOUNT, migrated: false });
  });
});

describe('changedCallsOf', () => {
  const ask = defineInterrupt({ name: 'ask', description: 'asks', inputSchema: z.object({ q: z.string() }) });
  const round: Message = {
    role: 'model',
    content: [
      { text: 'paying' },
      asked(AMOUNT),
      stampInterrupt({ toolRequest: { name: 'ask', ref: 'a', input: { q: 1 } } }, true),
      { toolRequest: { name: 'gone', ref: 'g', input: {} } },
    ],
  };

  it('names the waiting calls that can no longer run, and only waiting ones', () => {
    expect([...changedCallsOf(round, toToolMap([payV2(), ask]))]).toEqual(['p']);
    expect([...changedCallsOf(round, toToolMap([payV1, ask]))]).toEqual([]);
    expect([...changedCallsOf(round, toToolMap([payV1]))]).toEqual(['a']);
  });

  it('leaves an interrupt whose input no longer parses answerable: its answer does not use the input', () => {
    expect(isChangedCall(round.content[2] as ToolRequestPart, toToolMap([ask]))).toBe(false);
  });
});
