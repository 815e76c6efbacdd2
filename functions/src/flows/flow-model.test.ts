import { afterEach, describe, expect, it } from 'vitest';
import { flowModel } from './flow-model.js';

const saved = process.env.GEMINI_API_KEY;
afterEach(() => {
  if (saved === undefined) delete process.env.GEMINI_API_KEY;
  else process.env.GEMINI_API_KEY = saved;
});

describe('flowModel', () => {
  it('plays the script on the scripted model when no GEMINI_API_KEY is set', async () => {
    delete process.env.GEMINI_API_KEY;
    const model = flowModel('demo', () => ({
      message: { role: 'model', content: [{ text: 'canned' }] },
      finishReason: 'stop',
    }));
    expect(model.name).toBe('scripted/demo');
    const response = await model.generate({ messages: [{ role: 'user', content: [{ text: 'hi' }] }] });
    expect(response.message?.content).toEqual([{ text: 'canned' }]);
  });

  it('uses Gemini when GEMINI_API_KEY is set', () => {
    process.env.GEMINI_API_KEY = 'test-key';
    const model = flowModel('demo', () => ({ finishReason: 'stop' }));
    expect(model.name).toBe('googleai/gemini-2.5-flash');
  });
});
