import type {
  CallToolResult,
  Client,
  InputRequiredResult,
  InputResponses,
  Tool as SdkTool,
} from '@modelcontextprotocol/client';
import { MCP_CALL_REF_META } from './mcp-options.js';
import { MAX_OWN_ROUNDS } from './mcp-question.js';
import { SampleBudget } from './mcp-sample-budget.js';
import type { McpSampler } from './mcp-sampling.js';
import { loadMcpSdk } from './mcp-sdk.js';

/** What a server answered a `tools/call`: its result, or (2026-07-28) the input it needs first. */
export type McpCallAnswer = CallToolResult | InputRequiredResult;

/** The answers to a server's `input_required`, sent with the call again (2026-07-28). */
export interface McpCallRetry {
  inputResponses: InputResponses;
  /** The server's `requestState`, byte for byte. */
  requestState?: string;
}

/** A server's listing: its tools (all pages) and how long it says they hold (`ttlMs`, 2026-07-28). */
export interface McpListed {
  tools: SdkTool[];
  ttlMs?: number;
}

// The envelope key of a request's client capabilities (the spec's; the SDK exports it, but this
// module loads none of the SDK at its top).
const CLIENT_CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';
const MODERN_CAPABILITIES = { elicitation: { form: {}, url: {} }, roots: {} };
const MODERN_SAMPLING_CAPABILITIES = { ...MODERN_CAPABILITIES, sampling: {} };

/** How a connection answers a server's sampling requests, when its source does: the sampler, and the server's name. */
export interface ConnectionSampling {
  sample: McpSampler;
  server: string;
}

/** What the SDK's request options allow for a limit of `ms` (it has no "none"). */
function sdkTimeout(ms: number): number {
  return Number.isFinite(ms) ? ms : 2 ** 31 - 1;
}

/** Which era a server spoke when first asked: later connections skip the probe of a 2025-11-25 server. */
export interface EraMemo {
  legacy?: boolean;
}

/**
 * One Streamable HTTP connection to a server with one set of headers (one caller's, or everyone's
 * when they don't depend on the caller), opened on first use. The client negotiates the era: a
 * 2026-07-28 server is spoken to statelessly (nothing on the instance to lose), a 2025-11-25 one
 * through its session; a transport failure drops the connection, so the next use connects again.
 */
export class McpConnection {
  readonly #url: URL;
  readonly #headers: Record<string, string>;
  readonly #era: EraMemo;
  readonly #onListChanged: () => void;
  readonly #sampling: ConnectionSampling | undefined;
  readonly #samples = new SampleBudget();
  #client: Promise<Client> | undefined;

  constructor(
    url: URL,
    headers: Record<string, string>,
    era: EraMemo,
    onListChanged: () => void,
    sampling?: ConnectionSampling,
  ) {
    this.#sampling = sampling;
    this.#url = url;
    this.#headers = headers;
    this.#era = era;
    this.#onListChanged = onListChanged;
  }

  #connected(timeoutMs: number): Promise<Client> {
    if (this.#client) return this.#client;
    const connecting = this.#connect(timeoutMs);
    this.#client = connecting;
    connecting.catch(() => {
      if (this.#client === connecting) this.#client = undefined;
    });
    return connecting;
  }

  async #connect(timeoutMs: number): Promise<Client> {
    const sdk = await loadMcpSdk();
    const transport = new sdk.StreamableHTTPClientTransport(this.#url, { requestInit: { headers: this.#headers } });
    const client = new sdk.Client(
      { name: 'callable-flows', version: '0.1.0' },
      {
        jsonSchemaValidator: new sdk.AjvJsonSchemaValidator(),
        // A 2026-07-28 server is found by `server/discover`; anything else is spoken to as 2025-11-25.
        versionNegotiation: { mode: 'auto' },
        // A server's question is the kit's interrupt, asked of a person, not answered here.
        inputRequired: { autoFulfill: false },
        // No refresh here: the next use lists again, so a notification costs no request of its own.
        listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => this.#onListChanged() } },
        // A sample needs no person: a 2025-11-25 server may ask for one mid-call.
        ...(this.#sampling ? { capabilities: { sampling: {} } } : {}),
      },
    );
    const sampling = this.#sampling;
    if (sampling) {
      client.setRequestHandler('sampling/createMessage', (request, ctx) => {
        if (!this.#samples.take()) throw new Error(`the client answers at most ${MAX_OWN_ROUNDS} samples per call`);
        return sampling.sample(request.params, ctx.mcpReq.signal, `MCP server '${sampling.server}'`);
      });
    }
    // The notification stream's failures (a server gone quiet) surface on the next request.
    client.onerror = () => {};
    try {
      const prior = this.#era.legacy ? { prior: { kind: 'legacy' as const } } : {};
      await client.connect(transport, { timeout: sdkTimeout(timeoutMs), ...prior });
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    if (client.getProtocolEra() === 'legacy') this.#era.legacy = true;
    return client;
  }

  /** Forgets `client` (when it is still the connection) after a transport failure. */
  async #drop(client: Promise<Client>): Promise<void> {
    if (this.#client !== client) return;
    this.#client = undefined;
    await client.then((c) => c.close()).catch(() => {});
  }

  /** Runs `use` on the connection; a failure that is not the server's answer drops it. */
  async #use<T>(timeoutMs: number, use: (client: Client) => Promise<T>): Promise<T> {
    const sdk = await loadMcpSdk();
    for (let attempt = 0; ; attempt++) {
      const client = this.#connected(timeoutMs);
      try {
        return await use(await client);
      } catch (error) {
        // A JSON-RPC error is the server answering (a bad argument), as is the SDK's own timeout;
        // anything else (no answer, an HTTP error, a closed stream) means the connection can't be trusted.
        const answered =
          error instanceof sdk.ProtocolError ||
          (error instanceof sdk.SdkError && error.code === sdk.SdkErrorCode.RequestTimeout);
        if (!answered) await this.#drop(client);
        // 404: a 2025-11-25 server no longer knows the session (it restarted) and ran nothing;
        // once, on a new session, the request is sent again.
        const forgotten = error instanceof sdk.SdkHttpError && error.status === 404;
        if (!forgotten || attempt > 0) throw error;
      }
    }
  }

  /** Every tool the server lists (all pages), and how long it says the list holds. */
  listTools(timeoutMs: number): Promise<McpListed> {
    return this.#use(timeoutMs, async (client) => {
      // The kit keeps its own list (per caller, with the server's ttlMs): the SDK's cache is bypassed.
      const page = await client.listTools(undefined, { timeout: sdkTimeout(timeoutMs), cacheMode: 'refresh' });
      const ttlMs = (page as { ttlMs?: unknown }).ttlMs;
      return typeof ttlMs === 'number' ? { tools: page.tools, ttlMs } : { tools: page.tools };
    });
  }

  /**
   * One `tools/call` (`retry`: again, with the answers to the server's questions); `signal`
   * cancels it (the SDK tells the server). A 2026-07-28 server's `input_required` is returned.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    timeoutMs: number,
    ref?: string,
    retry?: McpCallRetry,
  ): Promise<McpCallAnswer> {
    const done = this.#samples.open();
    return this.#use(timeoutMs, async (client) => {
      // The kit's own limit ends the call first; the SDK's is a backstop a little later.
      const timeout = sdkTimeout(Number.isFinite(timeoutMs) ? timeoutMs + 1_000 : timeoutMs);
      // The call's ref, stable across retries, resumes and continuations: the server's idempotency key.
      const meta: Record<string, unknown> = {};
      if (ref !== undefined) meta[MCP_CALL_REF_META] = ref;
      // 2026-07-28: a server may ask a person (a form, a URL) or the kit (roots, samples) through this call's
      // answer. Said per call, not at connect: a 2025-11-25 server would ask mid-call instead,
      // where no person can answer hours later.
      if (client.getProtocolEra() === 'modern') {
        meta[CLIENT_CAPABILITIES_META_KEY] = this.#sampling ? MODERN_SAMPLING_CAPABILITIES : MODERN_CAPABILITIES;
      }
      const params = { name, arguments: args, ...(Object.keys(meta).length ? { _meta: meta } : {}), ...(retry ?? {}) };
      return (await client.callTool(params, { signal, timeout, allowInputRequired: true })) as McpCallAnswer;
    }).finally(done);
  }

  /** Closes the connection (a later use opens another). */
  async close(): Promise<void> {
    const client = this.#client;
    if (client) await this.#drop(client);
  }
}
