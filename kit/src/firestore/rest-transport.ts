import type { Agent, RequestOptions } from 'node:http';
import { Backoff, fullJitter, sleep } from './backoff.js';
import { type HttpModule, httpExchange, StaleConnectionError, UNAVAILABLE } from './http-exchange.js';
import { describeBody, RestFirestoreError, restErrorOf } from './rest-error.js';
import { CALL_RETRY, type CallRetrySettings } from './rest-retry.js';

/** Where Firestore's REST API is and how to authorize a call to it. */
export interface RestEndpoint {
  /** `http://host:port` of the emulator, or `https://firestore.googleapis.com`. */
  origin: string;
  /** The `Authorization` header's value for the next call. */
  authorization(): Promise<string>;
  /**
   * Firestore answered `authorization` with 401: a cached token behind it is dropped, so the
   * next `authorization()` fetches a new one.
   */
  refused?(authorization: string): void;
  /** The project, where neither the client's options nor the environment name one (the metadata server's). */
  projectId?(): Promise<string>;
}

/** How long a call waits for its answer before it is dropped: the SDK's default deadline. */
export const REST_CALL_TIMEOUT_MS = 60_000;

/** The kept-alive connections to Firestore. */
export interface SocketSettings {
  /**
   * An idle connection is closed after this long: well inside the time Google's front ends keep
   * one (610 s for an HTTP/1.1 client of Google's load balancers; Cloud NAT's 1200 s), so the
   * server rarely closes one first. When it does (or an instance's CPU, throttled between
   * requests, runs this timer late), the call is sent again on a new connection.
   */
  readonly idleMs: number;
  /** Connections open at once; further calls wait for one. */
  readonly maxSockets: number;
  /** Idle connections kept. */
  readonly maxFreeSockets: number;
}

export const SOCKETS: SocketSettings = { idleMs: 30_000, maxSockets: 32, maxFreeSockets: 8 };

/** Options of a {@link RestTransport}. */
export interface RestTransportOptions {
  /** How long one attempt waits for its answer. Default {@link REST_CALL_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** How repeated calls wait; the total deadline of a call. Default {@link CALL_RETRY}. */
  retry?: CallRetrySettings;
  /** Default {@link SOCKETS}. */
  sockets?: SocketSettings;
}

/** How one call is made. */
export interface RestCall<T> {
  /** The gRPC codes after which the call is sent again (the retry table, rest-retry.ts). */
  retried: ReadonlySet<number>;
  /** Headers besides the content type and the authorization (the routing header). */
  headers?: Readonly<Record<string, string>>;
  /**
   * Reads the answer's JSON; throws a {@link RestFirestoreError} for an answer that reports a
   * failure in its body (a batchGet's error entry), which is then retried as its code says.
   */
  decode?: (answer: unknown) => T;
}

/**
 * JSON over HTTP/1.1 with kept-alive connections: what a cold instance can load in a few
 * milliseconds (node:http/https), where the SDK's gRPC stack takes hundreds.
 */
export class RestTransport {
  private client: { http: HttpModule; agent: Agent } | undefined;
  private readonly url: URL;
  private readonly endpoint: RestEndpoint;
  private readonly timeoutMs: number;
  private readonly retry: CallRetrySettings;
  private readonly sockets: SocketSettings;

  constructor(endpoint: RestEndpoint, options: RestTransportOptions = {}) {
    this.endpoint = endpoint;
    this.url = new URL(endpoint.origin);
    this.timeoutMs = options.timeoutMs ?? REST_CALL_TIMEOUT_MS;
    this.retry = options.retry ?? CALL_RETRY;
    this.sockets = options.sockets ?? SOCKETS;
  }

  private load(): { http: HttpModule; agent: Agent } {
    if (!this.client) {
      // The CommonJS module, not `import()`: an ESM namespace of node:http reads every lazy
      // export, and one of them loads undici (fetch), about 13 ms of a cold turn that never fetches.
      const http = process.getBuiltinModule(this.url.protocol === 'https:' ? 'node:https' : 'node:http') as HttpModule;
      const agent = new http.Agent({
        keepAlive: true,
        // The agent's timeout closes a connection idle in its pool (a busy one only hears of it).
        timeout: this.sockets.idleMs,
        maxSockets: this.sockets.maxSockets,
        maxFreeSockets: this.sockets.maxFreeSockets,
        // The most recently used connection first: the one least likely to have been closed.
        scheduling: 'lifo',
      });
      this.client = { http, agent };
    }
    return this.client;
  }

  /**
   * POSTs `body` to `path` (below the origin) and answers the parsed JSON (through `call.decode`).
   * The call is sent again: after an answer whose code `call.retried` names, with backoff, unless
   * the attempt would begin after the total deadline (each attempt has the whole timeout); after
   * a 401, once, with a new authorization; after a stale kept-alive connection, at once on a new
   * one. Throws the last {@link RestFirestoreError}:
   * `DEADLINE_EXCEEDED` when no answer came within the call's timeout (the request is dropped
   * with its connection), `UNAVAILABLE` when the connection failed or the answer wasn't JSON.
   */
  async post<T>(path: string, body: unknown, call: RestCall<T>): Promise<T> {
    const payload = JSON.stringify(body);
    const deadline = Date.now() + this.retry.totalMs;
    const backoff = new Backoff(this.retry, fullJitter);
    let reauthorized = false;
    // Each stale connection met is destroyed, so the pool runs out of them.
    let staleLeft = this.sockets.maxFreeSockets + 1;
    for (;;) {
      // Outside the retried part: a credential source retries its own passing failures (the
      // metadata server's), so a failure that reaches here is final, and nothing was sent.
      const authorization = await this.endpoint.authorization();
      try {
        return await this.once(path, payload, authorization, call);
      } catch (error) {
        if (!(error instanceof RestFirestoreError)) throw error;
        if (error instanceof StaleConnectionError && staleLeft-- > 0) continue;
        if (error instanceof Unauthorized && !reauthorized) {
          reauthorized = true;
          continue;
        }
        if (!call.retried.has(error.code)) throw error;
        const wait = backoff.next();
        if (Date.now() + wait >= deadline) throw error;
        await sleep(wait);
      }
    }
  }

  private async once<T>(path: string, payload: string, authorization: string, call: RestCall<T>): Promise<T> {
    const { http, agent } = this.load();
    const options: RequestOptions = {
      protocol: this.url.protocol,
      hostname: this.url.hostname,
      port: this.url.port,
      path,
      method: 'POST',
      agent,
      headers: {
        ...call.headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        authorization,
      },
    };
    const { status, text, contentType } = await httpExchange(http, options, payload, this.timeoutMs);
    if (status === 401) {
      this.endpoint.refused?.(authorization);
      throw new Unauthorized(restErrorOf(status, text, contentType).message);
    }
    if (status < 200 || status >= 300) throw restErrorOf(status, text, contentType);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new RestFirestoreError(UNAVAILABLE, `UNAVAILABLE: HTTP ${status}: ${describeBody(text, contentType)}`);
    }
    return call.decode ? call.decode(answer) : (answer as T);
  }

  /** Closes the kept-alive connections. */
  async close(): Promise<void> {
    this.client?.agent.destroy();
  }
}

/** Firestore refused the call's token (401): nothing was applied. */
class Unauthorized extends RestFirestoreError {
  constructor(message: string) {
    super(16, message);
  }
}
