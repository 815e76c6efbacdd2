import type { Agent, IncomingMessage, RequestOptions } from 'node:http';
import { RestFirestoreError, restErrorOf } from './rest-error.js';

/** Where Firestore's REST API is and how to authorize a call to it. */
export interface RestEndpoint {
  /** `http://host:port` of the emulator, or `https://firestore.googleapis.com`. */
  origin: string;
  /** The `Authorization` header's value for the next call. */
  authorization(): Promise<string>;
}

type HttpModule = typeof import('node:http');

/**
 * JSON over HTTP/1.1 with kept-alive connections: what a cold instance can load in a few
 * milliseconds (node:http/https), where the SDK's gRPC stack takes hundreds.
 */
export class RestTransport {
  private client: { http: HttpModule; agent: Agent } | undefined;
  private readonly url: URL;
  private readonly endpoint: RestEndpoint;

  constructor(endpoint: RestEndpoint) {
    this.endpoint = endpoint;
    this.url = new URL(endpoint.origin);
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

  /** POSTs `body` to `path` (below the origin) and answers the parsed JSON; throws {@link RestFirestoreError}. */
  async post<T>(path: string, body: unknown): Promise<T> {
    const { http, agent } = this.load();
    const authorization = await this.endpoint.authorization();
    const payload = JSON.stringify(body);
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
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(options, (response: IncomingMessage) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      });
      request.on('error', (error: Error) => reject(new RestFirestoreError(14, `UNAVAILABLE: ${error.message}`)));
      request.end(payload);
    });
    if (status < 200 || status >= 300) throw restErrorOf(status, text);
    return JSON.parse(text) as T;
  }

  /** Closes the kept-alive connections. */
  async close(): Promise<void> {
    this.client?.agent.destroy();
  }
}
