import { afterEach, describe, expect, it } from 'vitest';
import { flowHistory, flowSummaryModel } from './flow-history.js';

const saved = process.env.GEMINI_API_KEY;
afterEach(() => {
  if (saved === undefined) delete process.env.GEMINI_API_KEY;
  else process.env.GEMINI_API_KEY = saved;
});

describe('flowHistory', () => {
  it('compresses all but the last 6 user turns when an example agent uses it', () => {
    delete process.env.GEMINI_API_KEY;
    expect(flowHistory('demo').compress).toMatchObject({ keepTurns: 6 });
  });

  it('summarises offline with the end of the transcript when no GEMINI_API_KEY is set', async () => {
    delete process.env.GEMINI_API_KEY;
    const transcript = `Conversation to add to the summary:\n${'user: where is A-1001?\n'.repeat(400)}model: shipped`;
    const response = await flowSummaryModel('demo').generate({
      messages: [{ role: 'user', content: [{ text: transcript }] }],
    });
    const text = response.message?.content.map((p) => ('text' in p ? p.text : '')).join('') ?? '';
    expect(text.length).toBe(4000);
    expect(text.endsWith('model: shipped')).toBe(true);
  });

  it('summarises on gemini-2.5-flash-lite when GEMINI_API_KEY is set', () => {
    process.env.GEMINI_API_KEY = 'test-key';
    expect(flowSummaryModel('demo').name).toBe('googleai/gemini-2.5-flash-lite');
  });
});
