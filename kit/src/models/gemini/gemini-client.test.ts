import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import { type FakeGemini, geminiText, startFakeGemini } from '../../test-utils/fake-gemini/index.js';
import { clientOptions } from './gemini-client.js';
import { type GeminiVertexOptions, gemini } from './index.js';

let fake: FakeGemini;
const saved = { ...process.env };
const hi: Message[] = [{ role: 'user', content: [{ text: 'hi' }] }];

beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.answerWith({ response: geminiText('ok') });
  delete process.env.GEMINI_API_KEY;
  delete process.env.GOOGLE_API_KEY;
  delete process.env.GOOGLE_GEMINI_BASE_URL;
});
afterEach(() => {
  for (const key of ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_GEMINI_BASE_URL']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

// Stands in for Application Default Credentials, which can't run on this machine.
const staticToken = {
  getRequestHeaders: async () => new Headers({ authorization: 'Bearer test-token' }),
} as unknown as NonNullable<NonNullable<GeminiVertexOptions['googleAuthOptions']>['authClient']>;

describe('gemini', () => {
  it('uses GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL when no options name them', async () => {
    process.env.GEMINI_API_KEY = 'env-key';
    process.env.GOOGLE_GEMINI_BASE_URL = fake.url;
    const response = await gemini({ model: 'gemini-env' }).generate({ messages: hi });
    expect(response.message?.content).toEqual([{ text: 'ok' }]);
    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('env-key');
    expect(fake.requests[0]?.model).toBe('gemini-env');
  });

  it('fails with internal SERVER_MISCONFIGURED and sends nothing when there is no key', async () => {
    const failing = gemini({ model: 'gemini-test', httpOptions: { baseUrl: fake.url } }).generate({ messages: hi });
    await expect(failing).rejects.toMatchObject({ code: 'internal', reason: 'SERVER_MISCONFIGURED' });
    expect(fake.requests).toHaveLength(0);
  });

  it('tries again on the next call when the key appears after a failed first call', async () => {
    const model = gemini({ model: 'gemini-test', httpOptions: { baseUrl: fake.url } });
    await expect(model.generate({ messages: hi })).rejects.toMatchObject({ code: 'internal' });
    process.env.GEMINI_API_KEY = 'late-key';
    await model.generate({ messages: hi });
    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('late-key');
  });

  it('calls the Vertex AI path of the project and location with a bearer token when vertex is set', async () => {
    const model = gemini({
      model: 'gemini-test',
      vertex: { project: 'demo-project', location: 'us-central1', googleAuthOptions: { authClient: staticToken } },
      httpOptions: { baseUrl: fake.url },
    });
    expect(model.name).toBe('vertexai/gemini-test');
    await model.generate({ messages: hi });
    const request = fake.requests[0];
    expect(request?.url).toBe(
      '/v1beta1/projects/demo-project/locations/us-central1/publishers/google/models/gemini-test:generateContent',
    );
    expect(request?.headers.authorization).toBe('Bearer test-token');
    expect(request?.headers['x-goog-api-key']).toBeUndefined();
  });
});

describe('clientOptions', () => {
  it('drops SDK retry options when a caller passes them', () => {
    const options = clientOptions({
      model: 'm',
      apiKey: 'k',
      httpOptions: { baseUrl: 'http://x', retryOptions: { attempts: 5 } } as never,
    });
    expect(options.httpOptions).toEqual({ baseUrl: 'http://x' });
  });
});
