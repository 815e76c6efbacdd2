import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateRequest } from '../../model/index.js';
import { type FakeGemini, geminiResponse, geminiText, startFakeGemini } from '../../test-utils/fake-gemini/index.js';
import { FINISH_REASONS, type GeminiModel, type GeminiVertexOptions, gemini } from './index.js';

let fake: FakeGemini;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const request: GenerateRequest = {
  messages: [{ role: 'user', content: [{ text: 'hi' }] }],
  tools: [{ name: 'orders/lookup', description: 'Finds an order.' }],
};
const ask = () => lazyModel().generate(request);
let cached: GeminiModel | undefined;
// The fake's URL is known only after beforeAll, so the model is made on first use.
function lazyModel() {
  cached ??= gemini({ model: 'gemini-test', apiKey: 'test-key', httpOptions: { baseUrl: fake.url } });
  return cached;
}

// Stands in for Application Default Credentials, which can't run on this machine.
const staticToken = {
  getRequestHeaders: async () => new Headers({ authorization: 'Bearer test-token' }),
} as unknown as NonNullable<NonNullable<GeminiVertexOptions['googleAuthOptions']>['authClient']>;

describe('gemini', () => {
  it('maps text, thoughts with signatures and usage when Gemini thinks before answering', async () => {
    fake.enqueue({
      response: geminiResponse(
        [{ text: 'Let me think.', thought: true, thoughtSignature: 'sig-a' }, { text: 'Four.' }],
        {
          usage: {
            promptTokenCount: 10,
            candidatesTokenCount: 3,
            thoughtsTokenCount: 5,
            cachedContentTokenCount: 4,
            toolUsePromptTokenCount: 2,
            totalTokenCount: 18,
          },
        },
      ),
    });
    const response = await ask();
    expect(response.message).toEqual({
      role: 'model',
      content: [{ reasoning: 'Let me think.', metadata: { thoughtSignature: 'sig-a' } }, { text: 'Four.' }],
    });
    expect(response.finishReason).toBe('stop');
    expect(response.finishMessage).toBeUndefined();
    expect(response.usage).toEqual({
      inputTokens: 10,
      outputTokens: 3,
      thoughtsTokens: 5,
      cachedContentTokens: 4,
      totalTokens: 18,
      custom: { toolUsePromptTokens: 2 },
    });
  });

  it('uses the call id as ref and maps the sanitised name back when Gemini gives ids', async () => {
    fake.enqueue({
      response: geminiResponse([
        { functionCall: { id: 'fc-1', name: 'orders__lookup', args: { id: 'A1' } }, thoughtSignature: 'sig-c' },
      ]),
    });
    const response = await ask();
    expect(response.message?.content).toEqual([
      {
        toolRequest: { name: 'orders/lookup', ref: 'fc-1', input: { id: 'A1' } },
        metadata: { thoughtSignature: 'sig-c' },
      },
    ]);
  });

  it('assigns the same stable refs to the same response when Gemini gives no ids', async () => {
    const body = geminiResponse(
      [
        { functionCall: { name: 'orders__lookup', args: { id: 'A' } } },
        { functionCall: { name: 'orders__lookup', args: { id: 'B' } } },
      ],
      { responseId: 'resp-xyz' },
    );
    fake.enqueue({ response: body }, { response: body });
    const first = await ask();
    const second = await ask();
    expect(first.message?.content).toEqual([
      {
        toolRequest: { name: 'orders/lookup', ref: 'resp-xyz_0', input: { id: 'A' } },
        metadata: { syntheticRef: true },
      },
      {
        toolRequest: { name: 'orders/lookup', ref: 'resp-xyz_1', input: { id: 'B' } },
        metadata: { syntheticRef: true },
      },
    ]);
    expect(second.message).toEqual(first.message);
  });

  it('maps executable code and its result to custom parts when Gemini ran code', async () => {
    fake.enqueue({
      response: geminiResponse([
        { executableCode: { language: 'PYTHON', code: 'print(2+2)' } },
        { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '4\n' } },
        { text: 'It is 4.' },
      ]),
    });
    const response = await ask();
    expect(response.message?.content).toEqual([
      { custom: { executableCode: { language: 'PYTHON', code: 'print(2+2)' } } },
      { custom: { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '4\n' } } },
      { text: 'It is 4.' },
    ]);
  });

  it('maps inline and file data to media parts when Gemini returns media', async () => {
    fake.enqueue({
      response: geminiResponse([
        { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
        { fileData: { mimeType: 'video/mp4', fileUri: 'https://example.com/v.mp4' } },
      ]),
    });
    const response = await ask();
    expect(response.message?.content).toEqual([
      { media: { url: 'data:image/png;base64,iVBOR', contentType: 'image/png' } },
      { media: { url: 'https://example.com/v.mp4', contentType: 'video/mp4' } },
    ]);
  });

  it('puts grounding and citations in message metadata and response.custom when Gemini grounds', async () => {
    const groundingMetadata = {
      webSearchQueries: ['weather paris'],
      groundingChunks: [{ web: { uri: 'https://example.com', title: 'Example' } }],
    };
    fake.enqueue({
      response: geminiText('Sunny.', {
        candidate: {
          groundingMetadata,
          citationMetadata: { citationSources: [{ startIndex: 0, endIndex: 6, uri: 'https://example.com' }] },
        },
        responseId: 'resp-g',
      }),
    });
    const response = await ask();
    const citationMetadata = { citations: [{ startIndex: 0, endIndex: 6, uri: 'https://example.com' }] };
    expect(response.message?.metadata).toEqual({ groundingMetadata, citationMetadata });
    expect(response.custom).toEqual({
      groundingMetadata,
      citationMetadata,
      responseId: 'resp-g',
      modelVersion: 'fake-gemini',
    });
  });

  it('answers blocked with no message when the prompt is blocked', async () => {
    fake.enqueue({
      response: { promptFeedback: { blockReason: 'PROHIBITED_CONTENT', blockReasonMessage: 'nope' } },
    });
    const response = await ask();
    expect(response.finishReason).toBe('blocked');
    expect(response.finishMessage).toBe('prompt blocked (PROHIBITED_CONTENT): nope');
    expect(response.message).toBeUndefined();
    expect(response.custom).toMatchObject({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } });
  });

  it('keeps the provider reason and message in finishMessage when Vertex AI stops for safety', async () => {
    // The SDK reads a candidate's finishMessage from Vertex AI only (it drops it on the Gemini API).
    const vertex = gemini({
      model: 'gemini-test',
      vertex: { project: 'p', location: 'global', googleAuthOptions: { authClient: staticToken } },
      httpOptions: { baseUrl: fake.url },
    });
    fake.enqueue({
      response: geminiText('', { finishReason: 'SAFETY', candidate: { finishMessage: 'harm detected' } }),
    });
    const response = await vertex.generate(request);
    expect(response.finishReason).toBe('blocked');
    expect(response.finishMessage).toBe('SAFETY: harm detected');
  });

  it.each(Object.entries(FINISH_REASONS))(
    'maps finish reason %s to %s when Gemini ends with it',
    async (reason, expected) => {
      fake.enqueue({ response: geminiText('x', { finishReason: reason }) });
      const response = await ask();
      expect(response.finishReason).toBe(expected);
      if (reason !== 'STOP') expect(response.finishMessage).toBe(reason);
    },
  );

  it('maps a finish reason this SDK does not know to unknown, keeping the reason', async () => {
    fake.enqueue({ response: geminiText('x', { finishReason: 'BRAND_NEW_REASON' }) });
    const response = await ask();
    expect(response.finishReason).toBe('unknown');
    expect(response.finishMessage).toBe('BRAND_NEW_REASON');
  });
});
