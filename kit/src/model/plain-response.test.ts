import { describe, expect, it } from 'vitest';
import { MessageSchema } from './message.js';
import { copyPlainResponse, isPlainMessage } from './plain-response.js';
import { GenerateResponseSchema } from './response.js';

// Seeded, so a failure reproduces: responses near the common shape, and off it in one way or another.
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const maybe = <T>(value: () => T): T | undefined => (next() < 0.5 ? value() : undefined);
  const text = () => pick(['', 'a', 'hello', 'r0.1']);
  const json = () => pick<unknown>([1, 'x', null, { id: 'r0.0' }, [1, 2], true, undefined]);
  const toolRequest = () => {
    const request: Record<string, unknown> = { name: pick(['t', '', 'lookup', 7]) };
    for (const [key, value] of [
      ['ref', () => pick([text(), undefined, 3])],
      ['input', json],
      ['partial', () => pick([true, false, 'yes'])],
      ['extra', () => 1],
    ] as const) {
      if (next() < (key === 'extra' ? 0.05 : 0.5)) request[key] = value();
    }
    return request;
  };
  const part = (): unknown =>
    pick<() => unknown>([
      () => ({ text: text() }),
      () => ({ toolRequest: toolRequest() }),
      () => ({ text: text(), metadata: { thought: true } }),
      () => ({ data: json() }),
      () => ({ toolRequest: toolRequest(), text: 'both' }),
      () => ({ toolResponse: { name: pick(['t', '']), ref: pick([text(), undefined, 2]), output: json() } }),
      () => json(),
    ])();
  return (): Record<string, unknown> => {
    const raw: Record<string, unknown> = {};
    const message = maybe(() => ({
      role: pick(['model', 'user', 'tool', 'system', 'robot']),
      content: Array.from({ length: Math.floor(next() * 4) }, part),
    }));
    if (message) raw.message = next() < 0.95 ? message : { ...message, metadata: {} };
    if (next() < 0.97) raw.finishReason = pick(['stop', 'length', 'interrupted', 'sideways']);
    if (next() < 0.3) raw.finishMessage = pick(['why', 3]);
    if (next() < 0.3) raw.latencyMs = pick([0, 5, -1]);
    if (next() < 0.1) raw.usage = { inputTokens: 1 };
    return raw;
  };
}

describe('copyPlainResponse', () => {
  it('returns what the schema returns when it accepts the response', () => {
    const response = generator(15);
    let copied = 0;
    for (let i = 0; i < 5000; i++) {
      const raw = response();
      const copy = copyPlainResponse(raw);
      if (copy === undefined) continue;
      copied++;
      const parsed = GenerateResponseSchema.safeParse(raw);
      expect(parsed.success).toBe(true);
      expect(copy).toStrictEqual(parsed.data);
      expect(Object.keys(copy)).toEqual(Object.keys(parsed.data as object));
    }
    // The generator must reach the common shape often enough for this to mean something.
    expect(copied).toBeGreaterThan(500);
  });

  it('copies the message and its parts when it accepts the response', () => {
    const input = { id: 'x' };
    const raw = {
      message: { role: 'model', content: [{ text: 'a' }, { toolRequest: { name: 't', ref: 'r', input } }] },
      finishReason: 'stop',
    };
    const copy = copyPlainResponse(raw);
    expect(copy).toEqual(raw);
    expect(copy?.message).not.toBe(raw.message);
    expect(copy?.message?.content[1]).not.toBe(raw.message.content[1]);
  });

  it('leaves the response to the schema when it has parts, keys or values outside the common shape', () => {
    const model = (content: unknown[]) => ({ message: { role: 'model', content }, finishReason: 'stop' });
    expect(copyPlainResponse(model([{ text: 'a', metadata: { thought: true } }]))).toBeUndefined();
    expect(copyPlainResponse(model([{ media: { url: 'https://x' } }]))).toBeUndefined();
    expect(copyPlainResponse(model([{ toolRequest: { name: '' } }]))).toBeUndefined();
    expect(copyPlainResponse(model([{ toolRequest: { name: 't', ref: undefined } }]))).toBeUndefined();
    expect(copyPlainResponse({ ...model([]), usage: { inputTokens: 1 } })).toBeUndefined();
    expect(copyPlainResponse({ finishReason: 'sideways' })).toBeUndefined();
    expect(copyPlainResponse(null)).toBeUndefined();
  });
});

describe('isPlainMessage', () => {
  it('is true only for messages the schema accepts', () => {
    const response = generator(22);
    let plain = 0;
    for (let i = 0; i < 5000; i++) {
      const message = response().message;
      if (!isPlainMessage(message)) continue;
      plain++;
      expect(MessageSchema.safeParse(message).success).toBe(true);
    }
    expect(plain).toBeGreaterThan(300);
  });

  it('is true for text, tool-request and tool-response messages', () => {
    expect(isPlainMessage({ role: 'user', content: [{ text: 'hi' }] })).toBe(true);
    expect(
      isPlainMessage({ role: 'tool', content: [{ toolResponse: { name: 't', ref: 'r', output: { value: 1 } } }] }),
    ).toBe(true);
  });

  it('is false for parts it leaves to the schema', () => {
    expect(isPlainMessage({ role: 'user', content: [{ media: { url: 'https://x' } }] })).toBe(false);
    expect(isPlainMessage({ role: 'tool', content: [{ toolResponse: { name: 't', content: [] } }] })).toBe(false);
    expect(isPlainMessage({ role: 'user', content: [{ text: 'hi' }], metadata: {} })).toBe(false);
  });
});
