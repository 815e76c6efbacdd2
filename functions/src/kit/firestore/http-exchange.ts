import type { IncomingMessage, RequestOptions } from 'node:http';
import { RestFirestoreError } from './rest-error.js';

/** node:http or node:https, as `process.getBuiltinModule` gives it. */
export type HttpModule = typeof import('node:http');

/** gRPC's UNAVAILABLE: the connection failed. */
export const UNAVAILABLE = 14;
/** gRPC's DEADLINE_EXCEEDED: no answer in time. */
export const DEADLINE_EXCEEDED = 4;

/**
 * One HTTP request and its whole answer as text. Throws {@link RestFirestoreError}:
 * `DEADLINE_EXCEEDED` when no answer came within `timeoutMs` (the request is dropped with its
 * connection, so no answer arrives for it later), `UNAVAILABLE` when the connection failed.
 */
export function httpExchange(
  http: HttpModule,
  options: RequestOptions,
  payload: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const unavailable = (error: Error) =>
      settle(() => reject(new RestFirestoreError(UNAVAILABLE, `UNAVAILABLE: ${error.message}`)));
    const request = http.request(options, (response: IncomingMessage) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => settle(() => resolve({ status: response.statusCode ?? 0, text })));
      response.on('error', unavailable);
    });
    const deadline = setTimeout(() => {
      settle(() =>
        reject(new RestFirestoreError(DEADLINE_EXCEEDED, `DEADLINE_EXCEEDED: no answer within ${timeoutMs} ms`)),
      );
      request.destroy();
    }, timeoutMs);
    request.on('error', unavailable);
    request.end(payload);
  });
}
