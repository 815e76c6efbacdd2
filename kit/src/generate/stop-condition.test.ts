import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/index.js';
import type { RoundRecord } from './generate-options.js';
import { hasToolCall, isStopMet, roundCountIs, stepCountIs, stopToolResult } from './stop-condition.js';
import { toToolMap } from './to-tool-map.js';

const round = (name: string, output: unknown = {}, toolError?: unknown): RoundRecord => ({
  message: { role: 'model', content: [{ toolRequest: { name, ref: 'r', input: {} } }] },
  toolCalls: [{ name, ref: 'r', input: {} }],
  toolResults: [{ toolResponse: { name, ref: 'r', output }, ...(toolError ? { metadata: { toolError } } : {}) }],
});

describe('roundCountIs', () => {
  it('holds once that many rounds have run', () => {
    expect(roundCountIs(2)({ rounds: [round('a')] })).toBe(false);
    expect(roundCountIs(2)({ rounds: [round('a'), round('b')] })).toBe(true);
  });
});

describe('stepCountIs', () => {
  it('is roundCountIs under its old name', () => {
    expect(stepCountIs).toBe(roundCountIs);
  });
});

describe('hasToolCall', () => {
  it('holds once the model has called the tool', () => {
    expect(hasToolCall('b')({ rounds: [round('a')] })).toBe(false);
    expect(hasToolCall('b')({ rounds: [round('a'), round('b')] })).toBe(true);
  });
});

describe('isStopMet', () => {
  it('holds when any of the conditions does, and never without conditions', () => {
    const rounds = [round('a')];
    expect(isStopMet(undefined, rounds)).toBe(false);
    expect(isStopMet([roundCountIs(5), hasToolCall('a')], rounds)).toBe(true);
    expect(isStopMet(roundCountIs(5), rounds)).toBe(false);
  });
});

describe('stopToolResult', () => {
  const finish = defineTool(
    { name: 'finish', description: 'Ends the loop.', inputSchema: z.object({}), stop: true },
    () => ({ done: true }),
  );
  const other = defineTool({ name: 'other', description: 'Goes on.', inputSchema: z.object({}) }, () => ({}));
  const tools = toToolMap([finish, other]);

  it('gives the response of a stop tool when it answered', () => {
    expect(stopToolResult(round('finish', { done: true }), tools)?.toolResponse.output).toEqual({ done: true });
  });

  it('gives nothing when the stop tool failed or no stop tool answered', () => {
    expect(stopToolResult(round('finish', { error: 'x' }, { code: 'unknown' }), tools)).toBeUndefined();
    expect(stopToolResult(round('other'), tools)).toBeUndefined();
  });
});
