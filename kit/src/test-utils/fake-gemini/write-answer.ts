import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeGeminiStep } from './fake-gemini-step.js';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Resolves after `ms`, or at once when the client has gone away. */
function wait(ms: number, res: ServerResponse): Promise<void> {
  if (!ms) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
    res.once('close', done);
  });
}

const gone = (res: ServerResponse): boolean => res.destroyed || res.writableEnded;

function writeError(res: ServerResponse, step: FakeGeminiStep, status: number): void {
  const error = {
    code: status,
    message: step.error?.message ?? `fake-gemini: scripted ${status}`,
    status: step.error?.status ?? STATUS_NAMES[status] ?? 'UNKNOWN',
    ...(step.error?.details ? { details: step.error.details } : {}),
  };
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...step.headers });
  res.end(JSON.stringify({ error }));
}

async function writeStream(res: ServerResponse, step: FakeGeminiStep): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunks = step.chunks ?? (step.response ? [step.response] : []);
  for (const chunk of chunks) {
    await wait(step.chunkDelayMs ?? 0, res);
    if (gone(res)) return;
    res.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  }
  if (step.errorChunk) {
    const {
      code,
      message = `fake-gemini: error chunk ${code}`,
      status = STATUS_NAMES[code] ?? 'UNKNOWN',
    } = step.errorChunk;
    res.write(`data: ${JSON.stringify({ error: { code, message, status } })}\r\n\r\n`);
  }
  if (step.raw !== undefined) res.write(step.raw);
  if (step.drop === 'after-chunks') {
    // Let the events reach the client before the connection dies under them.
    await wait(10, res);
    res.socket?.destroy();
    return;
  }
  if (step.hang === 'after-chunks') return;
  res.end();
}

/** Writes one scripted answer (with its faults) to `res`. */
export async function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  step: FakeGeminiStep,
  stream: boolean,
): Promise<void> {
  if (step.drop === 'before-headers') {
    req.socket.destroy();
    return;
  }
  await wait(step.delayMs ?? 0, res);
  if (gone(res) || step.hang === 'before-headers') return;
  const status = step.status ?? 200;
  if (status < 200 || status >= 300) return writeError(res, step, status);
  if (stream) return writeStream(res, step);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(step.raw ?? JSON.stringify(step.response ?? {}));
}
