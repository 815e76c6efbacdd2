import { Backoff, fullJitter, sleep } from './backoff.js';
import { httpExchange, StaleConnectionError, UNAVAILABLE } from './http-exchange.js';
import { describeBody, RestFirestoreError, restErrorOf } from './rest-error.js';
import { CALL_RETRY } from './rest-retry.js';
/** How long a call waits for its answer before it is dropped: the SDK's default deadline. */
export const REST_CALL_TIMEOUT_MS = 60_000;
export const SOCKETS = { idleMs: 30_000, maxSockets: 32, maxFreeSockets: 8 };
/**
 * JSON over HTTP/1.1 with kept-alive connections: what a cold instance can load in a few
 * milliseconds (node:http/https), where the SDK's gRPC stack takes hundreds.
 */
export class RestTransport {
    client;
    url;
    endpoint;
    timeoutMs;
    retry;
    sockets;
    constructor(endpoint, options = {}) {
        this.endpoint = endpoint;
        this.url = new URL(endpoint.origin);
        this.timeoutMs = options.timeoutMs ?? REST_CALL_TIMEOUT_MS;
        this.retry = options.retry ?? CALL_RETRY;
        this.sockets = options.sockets ?? SOCKETS;
    }
    load() {
        if (!this.client) {
            // The CommonJS module, not `import()`: an ESM namespace of node:http reads every lazy
            // export, and one of them loads undici (fetch), about 13 ms of a cold turn that never fetches.
            const http = process.getBuiltinModule(this.url.protocol === 'https:' ? 'node:https' : 'node:http');
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
    async post(path, body, call) {
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
            }
            catch (error) {
                if (!(error instanceof RestFirestoreError))
                    throw error;
                if (error instanceof StaleConnectionError && staleLeft-- > 0)
                    continue;
                if (error instanceof Unauthorized && !reauthorized) {
                    reauthorized = true;
                    continue;
                }
                if (!call.retried.has(error.code))
                    throw error;
                const wait = backoff.next();
                if (Date.now() + wait >= deadline)
                    throw error;
                await sleep(wait);
            }
        }
    }
    async once(path, payload, authorization, call) {
        const { http, agent } = this.load();
        const options = {
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
        if (status < 200 || status >= 300)
            throw restErrorOf(status, text, contentType);
        let answer;
        try {
            answer = JSON.parse(text);
        }
        catch {
            throw new RestFirestoreError(UNAVAILABLE, `UNAVAILABLE: HTTP ${status}: ${describeBody(text, contentType)}`);
        }
        return call.decode ? call.decode(answer) : answer;
    }
    /** Closes the kept-alive connections. */
    async close() {
        this.client?.agent.destroy();
    }
}
/** Firestore refused the call's token (401): nothing was applied. */
class Unauthorized extends RestFirestoreError {
    constructor(message) {
        super(16, message);
    }
}
//# sourceMappingURL=rest-transport.js.map