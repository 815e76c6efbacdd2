import { describe, expect, it } from 'vitest';
import { sanitizeToolName, ToolNames } from './tool-names.js';

describe('sanitizeToolName', () => {
  it('turns / into __ and keeps the characters Gemini allows when a name has a namespace', () => {
    expect(sanitizeToolName('shop/orders.lookup-v2')).toBe('shop__orders.lookup-v2');
  });

  it('refuses a name longer than Gemini allows when sanitised', () => {
    expect(() => sanitizeToolName(`a${'/b'.repeat(30)}`)).toThrow(/can't be sent to Gemini/);
  });
});

describe('ToolNames', () => {
  it('maps a sanitised name back to the tool it came from when the tool is registered', () => {
    const names = new ToolNames(['shop/lookup', 'shop__other']);
    expect(names.fromGemini('shop__lookup')).toBe('shop/lookup');
    expect(names.fromGemini('shop__other')).toBe('shop__other');
  });

  it('returns a name no tool has as it is when Gemini calls an unknown function', () => {
    expect(new ToolNames(['a/b']).fromGemini('c__d')).toBe('c__d');
  });

  it('refuses two tools whose names sanitise alike', () => {
    expect(() => new ToolNames(['a/b', 'a__b'])).toThrow(/both become 'a__b'/);
  });
});
