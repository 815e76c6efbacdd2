import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool as SdkTool } from '@modelcontextprotocol/sdk/types.js';
import { MCP_CALL_REF_META } from './mcp-options.js';
import { loadMcpSdk } from './mcp-sdk.js';

// The headers of the request being sent: set around each call (and the listing), read by the
// transport's fetch. One connection serves every caller, so a caller's headers can't live on it.
const callHeaders = new AsyncLocalStorage<Record<string, string>>();

async function withCallHeaders(url: string | URL | Request, init?: RequestInit): Promise<Response> {
  const extra = callHeaders.getStore();
  if (!extra) return fetch(url, init);
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return fetch(url, { ...init, headers });
}

/** What the SDK's request options allow for a limit of `ms` (it has no "none"). */
function sdkTimeout(ms: number): number {
  return Number.isFinite(ms) ? ms : 2 ** 31 - 1;
}

/**
 * One Streamable HTTP connection to a server, opened on first use and reused by every call of
 * the instance; a transport failure drops it, so the next use connects again (a server that
 * restarted forgets its sessions).
 */
export class McpConnection {
  readonly #url: URL;
  readonly #onListChanged: () => void;
  #client: Promise<Client> | undefined;

  constructor(url: string | URL, onListChanged: () => void) {
    this.#url = new URL(url);
    this.#onListChanged = onListChanged;
  }

  #connected(headers: Record<string, string>, timeoutMs: number): Promise<Client> {
    if (this.#client) return this.#client;
    const connecting = this.#connect(headers, timeoutMs);
    this.#client = connecting;
    connecting.catch(() => {
      if (this.#client === connecting) this.#client = undefined;
    });
    return connecting;
  }

  async #connect(headers: Record<string, string>, timeoutMs: number): Promise<Client> {
    const sdk = await loadMcpSdk();
    const transport = new sdk.StreamableHTTPClientTransport(this.#url, { fetch: withCallHeaders });
    const client = new sdk.Client(
      { name: 'callable-flows', version: '0.1.0' },
      {
        // The SDK's own validator (ajv, its dependency) checks structured content against a
        // tool's output schema; the kit uses the same one for inputs.
        jsonSchemaValidator: new sdk.AjvJsonSchemaValidator(),
        // No refresh here: the next use lists again, so a notification costs no request of its own.
        listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => this.#onListChanged() } },
      },
    );
    // The notification stream's failures (a server gone quiet) surface on the next request.
    client.onerror = () => {};
    try {
      await callHeaders.run(headers, () => client.connect(transport, { timeout: sdkTimeout(timeoutMs) }));
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    return client;
  }

  /** Forgets `client` (when it is still the connection) after a transport failure. */
  async #drop(client: Promise<Client>): Promise<void> {
    if (this.#client !== client) return;
    this.#client = undefined;
    await client.then((c) => c.close()).catch(() => {});
  }

  /** Runs `use` on the connection; a failure that is not the server's answer drops it. */
  async #use<T>(headers: Record<string, string>, timeoutMs: number, use: (client: Client) => Promise<T>): Promise<T> {
    const sdk = await loadMcpSdk();
    for (let attempt = 0; ; attempt++) {
      const client = this.#connected(headers, timeoutMs);
      try {
        return await callHeaders.run(headers, async () => use(await client));
      } catch (error) {
        // A JSON-RPC error is the server answering (a bad argument, a timeout); anything else
        // (no answer, an HTTP error, a closed stream) means the connection can't be trusted.
        const answered = error instanceof sdk.McpError && error.code !== -32000;
        if (!answered) await this.#drop(client);
        // 404: the server no longer knows the session (it restarted) and ran nothing; once, on a
        // new session, the request is sent again.
        const forgotten = error instanceof sdk.StreamableHTTPError && error.code === 404;
        if (!forgotten || attempt > 0) throw error;
      }
    }
  }

  /** Every tool the server lists (all pages). */
  listTools(headers: Record<string, string>, timeoutMs: number): Promise<SdkTool[]> {
    return this.#use(headers, timeoutMs, async (client) => {
      const tools: SdkTool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? undefined : { cursor }, {
          timeout: sdkTimeout(timeoutMs),
        });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return tools;
    });
  }

  /** One `tools/call`; `signal` cancels it (the SDK tells the server). */
  callTool(
    name: string,
    args: Record<string, unknown>,
    headers: Record<string, string>,
    signal: AbortSignal,
    timeoutMs: number,
    ref?: string,
  ): Promise<CallToolResult> {
    return this.#use(headers, timeoutMs, async (client) => {
      // The kit's own limit ends the call first; the SDK's is a backstop a little later.
      const timeout = sdkTimeout(Number.isFinite(timeoutMs) ? timeoutMs + 1_000 : timeoutMs);
      // The call's ref, stable across retries, resumes and continuations: the server's idempotency key.
      const params = { name, arguments: args, ...(ref === undefined ? {} : { _meta: { [MCP_CALL_REF_META]: ref } }) };
      return (await client.callTool(params, undefined, { signal, timeout })) as CallToolResult;
    });
  }

  /** Closes the connection (a later use opens another). */
  async close(): Promise<void> {
    const client = this.#client;
    if (client) await this.#drop(client);
  }
}
