import type { IncomingMessage, RequestOptions } from 'node:http';
import type { Socket } from 'node:net';
import { RestFirestoreError } from './rest-error.js';

/** node:http or node:https, as `process.getBuiltinModule` gives it. */
export type HttpModule = typeof import('node:http');

/** gRPC's UNAVAILABLE: the connection failed. */
export const UNAVAILABLE = 14;
/** gRPC's DEADLINE_EXCEEDED: no answer in time. */
export const DEADLINE_EXCEEDED = 4;

/** A socket error that says the peer closed the connection: a reset, or a write into a closed one. */
const CLOSED_BY_PEER = new Set(['ECONNRESET', 'EPIPE']);

/**
 * A request sent on a kept-alive connection the server had closed while it sat idle: the
 * connection was reset before any byte of an answer came. The server never read the request
 * (it closed the connection first), so sending it again on a new connection is safe even for a
 * commit — node's documented recipe (`request.reusedSocket` and `ECONNRESET`).
 */
export class StaleConnectionError extends RestFirestoreError {
  constructor(cause: string) {
    super(UNAVAILABLE, `UNAVAILABLE: a kept-alive connection was closed by the server before the request (${cause})`);
  }
}

/** What an exchange answers: the HTTP status, the body as text, and its content type. */
export interface HttpAnswer {
  status: number;
  text: string;
  contentType: string;
}

/**
 * One HTTP request and its whole answer as text. Throws {@link RestFirestoreError}:
 * `DEADLINE_EXCEEDED` when no answer came within `timeoutMs` (the request is dropped with its
 * connection, so no answer arrives for it later), `UNAVAILABLE` when the connection failed —
 * {@link StaleConnectionError} when it was a reused connection reset before any answer.
 */
export function httpExchange(
  http: HttpModule,
  options: RequestOptions,
  payload: string | undefined,
  timeoutMs: number,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let socket: Socket | undefined;
    // Bytes the socket had read before this request: more at the failure means an answer began.
    let readBefore = 0;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const failed = (error: NodeJS.ErrnoException) =>
      settle(() => {
        const answerBegan = socket !== undefined && socket.bytesRead > readBefore;
        const stale = request.reusedSocket && !answerBegan && CLOSED_BY_PEER.has(error.code ?? '');
        reject(
          stale
            ? new StaleConnectionError(error.code as string)
            : new RestFirestoreError(UNAVAILABLE, `UNAVAILABLE: ${error.message}`),
        );
      });
    const request = http.request(options, (response: IncomingMessage) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        settle(() =>
          resolve({ status: response.statusCode ?? 0, text, contentType: response.headers['content-type'] ?? '' }),
        ),
      );
      response.on('error', failed);
      // A body cut short ends in 'close' without 'end' (and, in some versions, without 'error').
      response.on('close', () => {
        if (!response.complete) failed(Object.assign(new Error('the answer was cut short'), { code: 'ECONNRESET' }));
      });
    });
    request.on('socket', (assigned: Socket) => {
      socket = assigned;
      readBefore = assigned.bytesRead;
    });
    const deadline = setTimeout(() => {
      settle(() =>
        reject(new RestFirestoreError(DEADLINE_EXCEEDED, `DEADLINE_EXCEEDED: no answer within ${timeoutMs} ms`)),
      );
      request.destroy();
    }, timeoutMs);
    request.on('error', failed);
    request.end(payload);
  });
}
