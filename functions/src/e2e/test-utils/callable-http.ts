import type { WireError } from '@callable-flows/protocol';

// The callable protocol as the iOS, Android and Flutter SDKs speak it, over plain HTTP (no
// Firebase JS SDK): a POST of `{ "data": … }` with the ID token as `Authorization: Bearer` and the
// App Check token as `X-Firebase-AppCheck`; answered `{ "result": … }` or, refused, an HTTP error
// status with `{ "error": { status, message, details } }`. Asked with `Accept: text/event-stream`,
// the answer is server-sent events: `data: {"message": chunk}` per chunk, `: ping` heartbeats,
// and a last `data: {"result": …}` or `data: {"error": …}` (firebase-functions, common/providers/https).

/** Who calls and where: the function's URL on the emulator and the caller's tokens. */
export interface CallableHttpTarget {
  url: string;
  idToken?: string;
  appCheckToken?: string;
}

/** One call's answer, as an SDK reads it. */
export interface CallableHttpAnswer {
  /** The HTTP status (200 for every streamed answer: a stream's error comes as its last event). */
  httpStatus: number;
  /** The `content-type` the server answered with. */
  contentType: string;
  result?: unknown;
  error?: WireError['error'];
  /** The streamed chunks (`message` events), in order. */
  chunks: unknown[];
  /** Heartbeat comment lines seen (`: ping`), which an SDK skips. */
  heartbeats: number;
}

/** The error code an SDK gives a refused call: its `status` (`FAILED_PRECONDITION`) as `failed-precondition`. */
export const sdkCode = (error: WireError['error']): string => error.status.toLowerCase().replaceAll('_', '-');

function headers(target: CallableHttpTarget, stream: boolean): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    ...(stream ? { Accept: 'text/event-stream' } : {}),
    ...(target.idToken ? { Authorization: `Bearer ${target.idToken}` } : {}),
    ...(target.appCheckToken ? { 'X-Firebase-AppCheck': target.appCheckToken } : {}),
  };
}

/** Takes one server-sent event (its lines) into `answer`: a comment is a heartbeat, `data:` lines one JSON value. */
function takeEvent(event: string, answer: CallableHttpAnswer, onChunk?: (chunk: unknown) => void): void {
  const data: string[] = [];
  for (const line of event.split('\n')) {
    if (line.startsWith(':')) answer.heartbeats++;
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (!data.length) return;
  const value = JSON.parse(data.join('\n')) as { message?: unknown; result?: unknown; error?: WireError['error'] };
  if ('message' in value) {
    answer.chunks.push(value.message);
    onChunk?.(value.message);
  } else if ('error' in value) answer.error = value.error;
  else answer.result = value.result;
}

/** Reads a streamed answer's events as they come, handing each chunk to `onChunk`. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  answer: CallableHttpAnswer,
  onChunk?: (chunk: unknown) => void,
) {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const bytes of body) {
    buffered += decoder.decode(bytes, { stream: true });
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      takeEvent(buffered.slice(0, end), answer, onChunk);
      buffered = buffered.slice(end + 2);
    }
  }
  if (buffered.trim()) takeEvent(buffered, answer, onChunk);
}

/**
 * Calls the callable at `target` with `data` as a mobile SDK does: plainly, or streamed (`stream`),
 * its chunks handed to `onChunk` as they arrive; `signal` drops the connection (the app went away).
 */
export async function callOverHttp(
  target: CallableHttpTarget,
  data: unknown,
  options: { stream?: boolean; onChunk?: (chunk: unknown) => void; signal?: AbortSignal } = {},
): Promise<CallableHttpAnswer> {
  const stream = options.stream ?? false;
  const response = await fetch(target.url, {
    method: 'POST',
    headers: headers(target, stream),
    body: JSON.stringify({ data }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const answer: CallableHttpAnswer = {
    httpStatus: response.status,
    contentType: response.headers.get('content-type') ?? '',
    chunks: [],
    heartbeats: 0,
  };
  // An SDK that asked for a stream reads events whatever the content type (the server sets none of its own).
  if (stream && response.body) {
    await readEvents(response.body, answer, options.onChunk);
    return answer;
  }
  const body = (await response.json()) as { result?: unknown; error?: WireError['error'] };
  if (body.error) answer.error = body.error;
  else answer.result = body.result;
  return answer;
}
