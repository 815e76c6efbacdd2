import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateRequest, Message } from '../../model/index.js';
import { type FakeGemini, type GeminiJson, geminiText, startFakeGemini } from '../../test-utils/fake-gemini/index.js';
import { type GeminiOptions, gemini } from './index.js';

let fake: FakeGemini;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.answerWith(() => ({ response: geminiText('ok') }));
});

const model = (options: Partial<GeminiOptions> = {}) =>
  gemini({ model: 'gemini-test', apiKey: 'test-key', httpOptions: { baseUrl: fake.url }, ...options });
const user = (text: string): Message => ({ role: 'user', content: [{ text }] });

/** Sends `request` through a fresh model and returns the body the fake received. */
async function sent(request: Partial<GenerateRequest>, options?: Partial<GeminiOptions>): Promise<GeminiJson> {
  await model(options).generate({ messages: [user('hi')], ...request });
  return fake.requests.at(-1)?.body as GeminiJson;
}

describe('gemini', () => {
  it('sends system messages as systemInstruction and never as history when the conversation has one', async () => {
    const body = await sent({
      messages: [{ role: 'system', content: [{ text: 'Be brief.' }] }, user('hi')],
    });
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }] });
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
  });

  it('maps user, model and tool turns with their parts when the history has every kind', async () => {
    const body = await sent({
      messages: [
        {
          role: 'user',
          content: [
            { text: 'look' },
            { media: { url: 'data:image/png;base64,iVBORw0K', contentType: 'image/png' } },
            {
              media: { url: 'gs://bucket/clip.mp4', contentType: 'video/mp4' },
              metadata: { videoMetadata: { fps: 1 } },
            },
            { media: { url: 'data:audio/L16;codec=pcm;rate=24000;base64,AAAA' } },
          ],
        },
        {
          role: 'model',
          content: [
            { reasoning: 'thinking…', metadata: { thoughtSignature: 'sig-thought' } },
            { text: 'calling' },
            {
              toolRequest: { name: 'lookup', ref: 'call-1', input: { id: 'a' } },
              metadata: { thoughtSignature: 'sig-1' },
            },
            { custom: { executableCode: { language: 'PYTHON', code: 'print(1)' } } },
            { custom: { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1\n' } } },
          ],
        },
        { role: 'tool', content: [{ toolResponse: { name: 'lookup', ref: 'call-1', output: { value: 1 } } }] },
      ],
    });
    expect(body.contents).toEqual([
      {
        role: 'user',
        parts: [
          { text: 'look' },
          { inlineData: { mimeType: 'image/png', data: 'iVBORw0K' } },
          { fileData: { fileUri: 'gs://bucket/clip.mp4', mimeType: 'video/mp4' }, videoMetadata: { fps: 1 } },
          { inlineData: { mimeType: 'audio/L16;codec=pcm;rate=24000', data: 'AAAA' } },
        ],
      },
      {
        role: 'model',
        parts: [
          { text: 'thinking…', thought: true, thoughtSignature: 'sig-thought' },
          { text: 'calling' },
          { functionCall: { id: 'call-1', name: 'lookup', args: { id: 'a' } }, thoughtSignature: 'sig-1' },
          { executableCode: { language: 'PYTHON', code: 'print(1)' } },
          { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1\n' } },
        ],
      },
      { role: 'user', parts: [{ functionResponse: { id: 'call-1', name: 'lookup', response: { value: 1 } } }] },
    ]);
  });

  it('leaves out the id of a call and its response when the ref was made up by the adapter', async () => {
    const body = await sent({
      messages: [
        user('go'),
        {
          role: 'model',
          content: [{ toolRequest: { name: 'lookup', ref: 'resp-1_0', input: {} }, metadata: { syntheticRef: true } }],
        },
        { role: 'tool', content: [{ toolResponse: { name: 'lookup', ref: 'resp-1_0', output: 'plain' } }] },
      ],
    });
    const contents = body.contents as GeminiJson[];
    expect(contents[1]).toEqual({ role: 'model', parts: [{ functionCall: { name: 'lookup', args: {} } }] });
    expect(contents[2]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { name: 'lookup', response: { output: 'plain' } } }],
    });
  });

  it('shows Gemini its own id for a call whose id the kit would not take as a ref (a path), on the call and its response', async () => {
    const body = await sent({
      messages: [
        user('go'),
        {
          role: 'model',
          content: [{ toolRequest: { name: 'lookup', ref: 'k-1', input: {} }, metadata: { modelRef: 'a/b' } }],
        },
        { role: 'tool', content: [{ toolResponse: { name: 'lookup', ref: 'k-1', output: 'plain' } }] },
      ],
    });
    const contents = body.contents as GeminiJson[];
    expect(contents[1]).toEqual({ role: 'model', parts: [{ functionCall: { id: 'a/b', name: 'lookup', args: {} } }] });
    expect(contents[2]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { id: 'a/b', name: 'lookup', response: { output: 'plain' } } }],
    });
  });

  it('sends a multipart tool result as functionResponse parts when the tool returned media', async () => {
    const body = await sent({
      messages: [
        user('draw'),
        { role: 'model', content: [{ toolRequest: { name: 'draw', ref: 'c1', input: {} } }] },
        {
          role: 'tool',
          content: [
            {
              toolResponse: {
                name: 'draw',
                ref: 'c1',
                output: { ok: true },
                content: [{ text: 'a cat' }, { media: { url: 'data:image/png;base64,AAA' } }],
              },
            },
          ],
        },
      ],
    });
    expect((body.contents as GeminiJson[])[2]).toEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'c1',
            name: 'draw',
            response: { ok: true, content: 'a cat' },
            parts: [{ inlineData: { mimeType: 'image/png', data: 'AAA' } }],
          },
        },
      ],
    });
  });

  it('declares tools with parametersJsonSchema and sanitised names when the request has tools', async () => {
    const schema = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
    const body = await sent({
      tools: [
        { name: 'orders/lookup', description: 'Finds an order.', inputSchema: schema },
        { name: 'ping', description: 'Pings.' },
      ],
    });
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'orders__lookup', description: 'Finds an order.', parametersJsonSchema: schema },
          { name: 'ping', description: 'Pings.' },
        ],
      },
    ]);
  });

  it('refuses the request before calling Gemini when two tool names sanitise alike', async () => {
    const failing = model().generate({
      messages: [user('hi')],
      tools: [
        { name: 'a/b', description: 'x' },
        { name: 'a__b', description: 'y' },
      ],
    });
    await expect(failing).rejects.toMatchObject({ code: 'internal' });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['auto', 'AUTO'],
    ['required', 'ANY'],
    ['none', 'NONE'],
  ] as const)('maps toolChoice %s to function calling mode %s', async (toolChoice, mode) => {
    const body = await sent({ tools: [{ name: 'ping', description: 'Pings.' }], toolChoice });
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode } });
  });

  it('merges toolChoice into the config toolConfig when both are given', async () => {
    const body = await sent({
      tools: [{ name: 'ping', description: 'Pings.' }],
      toolChoice: 'required',
      config: { toolConfig: { functionCallingConfig: { allowedFunctionNames: ['ping'] } } },
    });
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['ping'] } });
  });

  it('merges server-side tools from config after the function declarations when config names them', async () => {
    const body = await sent({
      tools: [{ name: 'ping', description: 'Pings.' }],
      config: { googleSearch: {}, tools: [{ codeExecution: {} }, { urlContext: {} }] },
    });
    expect(body.tools).toEqual([
      { functionDeclarations: [{ name: 'ping', description: 'Pings.' }] },
      { googleSearch: {} },
      { codeExecution: {} },
      { urlContext: {} },
    ]);
  });

  it('maps the known config keys and passes the others through untouched when config has both', async () => {
    const safetySettings = [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }];
    const body = await sent({
      config: {
        temperature: 0.2,
        topK: 8,
        topP: 0.9,
        maxOutputTokens: 256,
        stopSequences: ['END'],
        thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
        seed: 7,
        presencePenalty: 0.5,
        responseModalities: ['TEXT'],
        safetySettings,
        labels: { team: 'a' },
      },
    });
    expect(body.generationConfig).toEqual({
      temperature: 0.2,
      topK: 8,
      topP: 0.9,
      maxOutputTokens: 256,
      stopSequences: ['END'],
      thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
      seed: 7,
      presencePenalty: 0.5,
      responseModalities: ['TEXT'],
    });
    expect(body.safetySettings).toEqual(safetySettings);
    expect(body.labels).toEqual({ team: 'a' });
  });

  it('rejects a config the schema refuses before calling Gemini', async () => {
    await expect(model().generate({ messages: [user('hi')], config: { topP: 3 } })).rejects.toMatchObject({
      code: 'internal',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('calls the model id config.version names when a version is given', async () => {
    await sent({ config: { version: 'gemini-other' } });
    expect(fake.requests[0]?.model).toBe('gemini-other');
    expect(JSON.stringify(fake.requests[0]?.body)).not.toContain('gemini-other');
  });

  it('refuses a version outside versions when the model lists them', async () => {
    const failing = model({ versions: ['gemini-a'] }).generate({ messages: [user('hi')], config: { version: 'b' } });
    await expect(failing).rejects.toMatchObject({ code: 'internal' });
    expect(fake.requests).toHaveLength(0);
  });

  it('asks for JSON with responseJsonSchema when the output is constrained and there are no tools', async () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } } };
    const body = await sent({ output: { format: 'json', schema, constrained: true } });
    expect(body.generationConfig).toEqual({ responseMimeType: 'application/json', responseJsonSchema: schema });
  });

  it('puts the schema in the prompt instead when the request also has tools', async () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } } };
    const body = await sent({
      output: { format: 'json', schema, constrained: true },
      tools: [{ name: 'ping', description: 'Pings.' }],
    });
    expect(body.generationConfig ?? {}).toEqual({});
    const parts = (body.contents as { parts: { text: string }[] }[])[0]?.parts ?? [];
    expect(parts.at(-1)?.text).toContain('"n"');
  });

  it('refuses streamed function call arguments before calling Gemini when config asks for them', async () => {
    const failing = model().generate({
      messages: [user('hi')],
      tools: [{ name: 'ping', description: 'Pings.' }],
      config: { toolConfig: { functionCallingConfig: { streamFunctionCallArguments: true } } },
    });
    await expect(failing).rejects.toMatchObject({ code: 'unimplemented' });
    expect(fake.requests).toHaveLength(0);
  });

  it('sends the api key header when a key is given', async () => {
    await sent({});
    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('test-key');
  });

  it('reads the key from a function on the first call when apiKey is a function', async () => {
    let key: string | undefined;
    const late = gemini({ model: 'gemini-test', apiKey: () => key, httpOptions: { baseUrl: fake.url } });
    key = 'secret-at-runtime';
    await late.generate({ messages: [user('hi')] });
    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('secret-at-runtime');
  });
});
