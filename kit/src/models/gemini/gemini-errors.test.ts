import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KitError } from '../../errors/index.js';
import { generate } from '../../generate/index.js';
import { type GenerateRequest, retry } from '../../model/index.js';
import { type FakeGemini, geminiText, startFakeGemini } from '../../test-utils/fake-gemini/index.js';
import { type GeminiOptions, gemini } from './index.js';

let fake: FakeGemini;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const model = (options: Partial<GeminiOptions> = {}) =>
  gemini({ model: 'gemini-test', apiKey: 'test-key', httpOptions: { baseUrl: fake.url }, ...options });
const request: GenerateRequest = { messages: [{ role: 'user', content: [{ text: 'hi' }] }] };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('gemini', () => {
  it.each([
    [400, 'internal', 'SERVER_MISCONFIGURED'],
    [401, 'internal', 'SERVER_MISCONFIGURED'],
    [403, 'internal', 'SERVER_MISCONFIGURED'],
    [404, 'internal', 'SERVER_MISCONFIGURED'],
    [429, 'resource-exhausted', 'MODEL_QUOTA'],
    [500, 'unavailable', 'MODEL_UNAVAILABLE'],
    [503, 'unavailable', 'MODEL_UNAVAILABLE'],
    [504, 'deadline-exceeded', 'MODEL_UNAVAILABLE'],
  ])('fails once, with no SDK retry, when Gemini answers %i (%s, %s)', async (status, code, reason) => {
    fake.enqueue({ status, error: { message: `scripted failure ${status} at https://internal.example/x?key=k` } });
    const error = await failure(model().generate(request));
    expect(error).toBeInstanceOf(KitError);
    expect(error).toMatchObject({ code, reason, details: { status } });
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps Gemini’s own words out of the message and in the cause when a call fails', async () => {
    fake.enqueue({ status: 403, error: { message: 'API key AIzaFAKE for project my-secret-project is invalid' } });
    const error = (await failure(model().generate(request))) as KitError;
    expect(error.message).not.toContain('my-secret-project');
    expect(String((error.cause as Error).message)).toContain('my-secret-project');
  });

  it('names the wait Gemini asks for as retryAfterMs when a 429 carries RetryInfo', async () => {
    fake.enqueue({
      status: 429,
      error: { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1.5s' }] },
    });
    const error = await failure(model().generate(request));
    expect(error).toMatchObject({ code: 'resource-exhausted', details: { reason: 'MODEL_QUOTA', retryAfterMs: 1500 } });
  });

  it('reads the status of an error event that arrives mid-stream', async () => {
    fake.enqueue({
      chunks: [{ candidates: [{ content: { parts: [{ text: 'a' }] } }] }],
      errorChunk: { code: 503, message: 'backend sad at 10.1.2.3' },
    });
    const error = (await failure(model().generate(request, { onChunk: () => {} }))) as KitError;
    expect(error).toMatchObject({ code: 'unavailable', reason: 'MODEL_UNAVAILABLE' });
    expect(error.message).not.toContain('10.1.2.3');
  });

  it('fails with the status code before any chunk when a streamed call is refused', async () => {
    fake.enqueue({ status: 429 });
    const chunks: unknown[] = [];
    const error = await failure(model().generate(request, { onChunk: (c) => chunks.push(c) }));
    expect(error).toMatchObject({ code: 'resource-exhausted' });
    expect(chunks).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('succeeds on the second call through the retry middleware when Gemini first answers 429', async () => {
    fake.enqueue({ status: 429 }, { response: geminiText('second time lucky') });
    const result = await generate({
      model: model(),
      prompt: 'hi',
      use: [retry({ initialDelayMs: 1 })],
    });
    expect(result.text).toBe('second time lucky');
    expect(fake.requests).toHaveLength(2);
  });

  it('fails with deadline-exceeded and cuts the connection when Gemini hangs past timeoutMs', async () => {
    fake.enqueue({ hang: 'before-headers' });
    const error = await failure(model({ timeoutMs: 150 }).generate(request));
    expect(error).toMatchObject({ code: 'deadline-exceeded' });
    await expect.poll(() => fake.requests[0]?.disconnected).toBe(true);
  });

  it('fails with deadline-exceeded when a stream stalls after its first events', async () => {
    fake.enqueue({ chunks: [{ candidates: [{ content: { parts: [{ text: 'a' }] } }] }], hang: 'after-chunks' });
    const error = await failure(model({ timeoutMs: 150 }).generate(request, { onChunk: () => {} }));
    expect(error).toMatchObject({ code: 'deadline-exceeded' });
  });

  it('answers when Gemini is slow but within timeoutMs', async () => {
    fake.enqueue({ delayMs: 80, response: geminiText('slow but fine') });
    const response = await model({ timeoutMs: 5_000 }).generate(request);
    expect(response.message?.content).toEqual([{ text: 'slow but fine' }]);
  });

  it('fails with unavailable when the body is not JSON', async () => {
    fake.enqueue({ raw: '{"candidates": [' });
    const error = await failure(model().generate(request));
    expect(error).toMatchObject({ code: 'unavailable', reason: 'MODEL_UNAVAILABLE' });
    expect((error as Error).message).toContain('malformed');
  });

  it('fails with unavailable when the socket drops before any answer', async () => {
    fake.enqueue({ drop: 'before-headers' });
    const error = await failure(model().generate(request));
    expect(error).toMatchObject({ code: 'unavailable' });
  });

  it('fails with unavailable when nothing listens at the base URL', async () => {
    const closed = await startFakeGemini();
    await closed.close();
    const error = await failure(model({ httpOptions: { baseUrl: closed.url } }).generate(request));
    expect(error).toMatchObject({ code: 'unavailable' });
  });

  it('cuts the HTTP request and fails with aborted when the caller aborts a slow call', async () => {
    fake.enqueue({ delayMs: 5_000, response: geminiText('too late') });
    const controller = new AbortController();
    const pending = failure(model().generate(request, { signal: controller.signal }));
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    expect(await pending).toMatchObject({ code: 'aborted' });
    await expect.poll(() => fake.requests[0]?.disconnected).toBe(true);
  });

  it('keeps the code of a kit error the caller aborted with', async () => {
    fake.enqueue({ hang: 'before-headers' });
    const controller = new AbortController();
    const pending = failure(model().generate(request, { signal: controller.signal }));
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort(new KitError('deadline-exceeded', 'flow deadline'));
    expect(await pending).toMatchObject({ code: 'deadline-exceeded', message: 'flow deadline' });
  });

  it('sends nothing and fails with aborted when the signal fired before the call', async () => {
    const error = await failure(model().generate(request, { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ code: 'aborted' });
    expect(fake.requests).toHaveLength(0);
  });
});
