import { describe, expect, it } from 'vitest';
import { toGeminiContents } from './to-gemini-contents.js';
import { ToolNames } from './tool-names.js';

describe('toGeminiContents', () => {
  it("never sends the kit's call id to the model: the function call carries the model's own id", () => {
    const contents = toGeminiContents(
      [
        {
          role: 'model',
          content: [
            {
              toolRequest: { name: 'book', ref: 'b1', input: { room: 'Ada' } },
              metadata: { callId: 'kit-id-7' },
            },
          ],
        },
        {
          role: 'model',
          content: [{ toolRequest: { name: 'book', ref: 'b2', input: { room: 'Bo' } } }],
          metadata: { callIdPrefix: 'kit-id-8' },
        },
      ],
      new ToolNames(['book']),
    );
    expect(JSON.stringify(contents)).not.toContain('kit-id-7');
    expect(JSON.stringify(contents)).not.toContain('kit-id-8');
    expect(contents.contents[0]?.parts?.[0]?.functionCall).toEqual(expect.objectContaining({ id: 'b1', name: 'book' }));
  });
});
