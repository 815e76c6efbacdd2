import { describe, expect, it } from 'vitest';
import { MessageSchema } from './message.js';
import { PartSchema } from './parts.js';

describe('PartSchema', () => {
  it.each([
    { text: 'hi' },
    { media: { url: 'data:image/png;base64,AA==', contentType: 'image/png' } },
    { toolRequest: { name: 't', ref: '1', input: { a: 1 }, partial: true } },
    { toolResponse: { name: 't', ref: '1', output: 3, content: [{ text: 'x' }] } },
    { reasoning: 'because', metadata: { thoughtSignature: 'sig' } },
    { data: { a: 1 } },
    { custom: { executableCode: { code: 'print(1)' } } },
    { resource: { uri: 'gs://b/o' } },
  ])('accepts %j', (part) => {
    expect(PartSchema.parse(part)).toEqual(part);
  });

  it('rejects a part that mixes two kinds', () => {
    expect(PartSchema.safeParse({ text: 'a', media: { url: 'x' } }).success).toBe(false);
  });

  it('rejects a tool request without a name', () => {
    expect(PartSchema.safeParse({ toolRequest: { ref: '1' } }).success).toBe(false);
  });
});

describe('MessageSchema', () => {
  it('rejects an unknown role', () => {
    expect(MessageSchema.safeParse({ role: 'robot', content: [] }).success).toBe(false);
  });
});
