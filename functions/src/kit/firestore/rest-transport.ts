import type { Agent, RequestOptions } from 'node:http';
import { backoff } from './backoff.js';
import { type HttpModule, httpExchange, UNAVAILABLE } from './http-exchange.js';
import { RestFirestoreError, restErrorOf } from './rest-error.js';

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
/** Attempts in all of a call that is safe to repeat (a read), while its connection fails. */
const REPEATABLE_ATTEMPTS = 3;
/** The wait before the second attempt; it doubles each time, jittered. */
const REPEAT_BASE_MS = 25;

/** How a call is made. */
export interface RestCallOptions {
  /**
   * A read (or another call whose repetition changes nothing) is tried again, up to three
   * times, when it fails unavailable: a kept-alive connection the server closed meanwhile, a
   * restart. A commit is never repeated: its first attempt may have been applied.
   */
  repeatable?: boolean;
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

  constructor(endpoint: RestEndpoint, timeoutMs = REST_CALL_TIMEOUT_MS) {
    this.endpoint = endpoint;
    this.url = new URL(endpoint.origin);
    this.timeoutMs = timeoutMs;
  }

  private load(): { http: HttpModule; agent: Agent } {
    if (!this.client) {
      // The CommonJS module, not `import()`: an ESM namespace of node:http reads every lazy
      // export, and one of them loads undici (fetch), about 13 ms of a cold turn that never fetches.
      const http = process.getBuiltinModule(this.url.protocol === 'https:' ? 'node:https' : 'node:http') as HttpModule;
      this.client = { http, agent: new http.Agent({ keepAlive: true }) };
    }
    return this.client;
  }

  /**
   * POSTs `body` to `path` (below the origin) and answers the parsed JSON; throws
   * {@link RestFirestoreError}: `DEADLINE_EXCEEDED` when no answer came within the call's timeout
   * (the request is dropped with its connection), `UNAVAILABLE` when the connection failed.
   */
  async post<T>(path: string, body: unknown, { repeatable = false }: RestCallOptions = {}): Promise<T> {
    const payload = JSON.stringify(body);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once<T>(path, payload);
      } catch (error) {
        const again = repeatable && attempt < REPEATABLE_ATTEMPTS;
        if (!again || !(error instanceof RestFirestoreError) || error.code !== UNAVAILABLE) throw error;
        await backoff(REPEAT_BASE_MS, attempt);
      }
    }
  }

  private async once<T>(path: string, payload: string): Promise<T> {
    const { http, agent } = this.load();
    const authorization = await this.endpoint.authorization();
    const options: RequestOptions = {
      protocol: this.url.protocol,
      hostname: this.url.hostname,
      port: this.url.port,
      path,
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        authorization,
      },
    };
    const { status, text } = await httpExchange(http, options, payload, this.timeoutMs);
    if (status < 200 || status >= 300) throw restErrorOf(status, text);
    return JSON.parse(text) as T;
  }

  /** Closes the kept-alive connections. */
  async close(): Promise<void> {
    this.client?.agent.destroy();
  }
}
