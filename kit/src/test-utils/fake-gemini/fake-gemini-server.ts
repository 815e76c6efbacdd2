import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeGeminiAnswer, FakeGeminiStep, GeminiJson, RecordedGeminiRequest } from './fake-gemini-step.js';
import { writeAnswer } from './write-answer.js';

/** A running fake Gemini server. */
export interface FakeGemini {
  /** Base URL to give the SDK (`httpOptions.baseUrl` or `GOOGLE_GEMINI_BASE_URL`). */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedGeminiRequest[];
  /** Queues answers, used one per request in order. */
  enqueue(...steps: FakeGeminiAnswer[]): void;
  /** The answer when the queue is empty (the default is a 501 that names the request). */
  answerWith(answer: FakeGeminiAnswer | undefined): void;
  /** Forgets queued answers, the fallback and the recorded requests. */
  reset(): void;
  /** Stops the server, cutting any connection still open (hanging answers included). */
  close(): Promise<void>;
}

// Gemini API: /v1beta/models/{m}:{action}; Vertex AI: /v1beta1/projects/p/locations/l/publishers/google/models/{m}:{action}.
const ROUTE = /\/models\/([^/:?]+):(generateContent|streamGenerateContent)(?:\?|$)/;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(text: string): GeminiJson {
  try {
    return JSON.parse(text) as GeminiJson;
  } catch {
    return { raw: text };
  }
}

const NO_ANSWER = (request: RecordedGeminiRequest): FakeGeminiStep => ({
  status: 501,
  error: { message: `fake-gemini: no scripted answer for request ${request.url}`, status: 'UNIMPLEMENTED' },
});

/**
 * Starts a fake Gemini HTTP server on loopback at a random port. It serves generateContent
 * and streamGenerateContent (SSE) from a script, records every request, and injects the
 * faults a step asks for (status codes, delays, hangs, malformed bodies, error events,
 * dropped sockets).
 */
export async function startFakeGemini(answers: FakeGeminiAnswer[] = []): Promise<FakeGemini> {
  const queue = [...answers];
  const requests: RecordedGeminiRequest[] = [];
  let fallback: FakeGeminiAnswer | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const match = ROUTE.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 404, message: `no route ${req.url}`, status: 'NOT_FOUND' } }));
      return;
    }
    const recorded: RecordedGeminiRequest = {
      method: req.method,
      url: req.url ?? '',
      model: decodeURIComponent(match[1] as string),
      action: match[2] as string,
      stream: match[2] === 'streamGenerateContent',
      headers: req.headers,
      body: parseBody(text),
      disconnected: false,
    };
    res.once('close', () => {
      if (!res.writableFinished) recorded.disconnected = true;
    });
    requests.push(recorded);
    const answer = queue.shift() ?? fallback ?? NO_ANSWER;
    const step = typeof answer === 'function' ? answer(recorded) : answer;
    await writeAnswer(req, res, step, recorded.stream);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...steps) => queue.push(...steps),
    answerWith: (answer) => {
      fallback = answer;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = undefined;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
