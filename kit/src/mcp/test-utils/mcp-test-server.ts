import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** A loopback MCP server on the SDK's own server API, with what it saw for the tests to check. */
export interface McpTestServer {
  url: string;
  /** JSON-RPC methods received, in order (`initialize`, `tools/list`, `tools/call`, …). */
  methods: string[];
  /** Runs of each tool's body. */
  runs: Map<string, number>;
  /** The `authorization` header of each request that carried one. */
  authorizations: string[];
  /** Each `tools/call` as it arrived: the tool, its arguments and the request's `authorization`. */
  calls: { name: string; args: unknown; authorization: string | undefined; meta?: Record<string, unknown> }[];
  /** Adds a tool while clients are connected (each session is told `tools/list_changed`). */
  addTool(name: string): void;
  /** Forgets every session, as a server that restarted behind a load balancer (no socket is cut). */
  forgetSessions(): void;
  /** Stops answering: open connections are cut and the port is closed. */
  stop(): Promise<void>;
  /** Answers again on the same port, as a server that restarted (it knows no earlier session). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A 1×1 PNG, base64. */
export const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function register(server: McpServer, runs: Map<string, number>, added: readonly string[]): void {
  const ran = (name: string) => runs.set(name, (runs.get(name) ?? 0) + 1);
  server.registerTool(
    'echo',
    { description: 'says the text back', inputSchema: { text: z.string().min(1) } },
    async ({ text }) => {
      ran('echo');
      return { content: [{ type: 'text', text: `echo: ${text}` }] };
    },
  );
  server.registerTool('tick', { description: 'answers tick (no input)' }, async () => {
    ran('tick');
    return { content: [{ type: 'text', text: 'tick' }] };
  });
  server.registerTool(
    'weather',
    {
      description: 'the weather in a city',
      inputSchema: { city: z.string() },
      outputSchema: { city: z.string(), celsius: z.number() },
      annotations: { readOnlyHint: true },
    },
    async ({ city }) => {
      ran('weather');
      const structuredContent = { city, celsius: 21 };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );
  server.registerTool('picture', { description: 'a picture' }, async () => {
    ran('picture');
    return {
      content: [
        { type: 'text', text: 'a pixel' },
        { type: 'image', data: PIXEL, mimeType: 'image/png' },
      ],
    };
  });
  server.registerTool(
    'refund',
    {
      description: 'refunds an order',
      inputSchema: { orderId: z.string(), cents: z.number().int() },
      annotations: { destructiveHint: true },
    },
    async ({ orderId, cents }) => {
      ran('refund');
      return { content: [{ type: 'text', text: `refunded ${cents} on ${orderId}` }] };
    },
  );
  server.registerTool('fail', { description: 'always fails, quoting the credentials it was sent' }, async (extra) => {
    ran('fail');
    const auth = String(extra.requestInfo?.headers.authorization ?? 'none');
    return { isError: true, content: [{ type: 'text', text: `no access for ${auth}` }] };
  });
  server.registerTool('slow', { description: 'answers when cancelled, or after a minute' }, async (extra) => {
    ran('slow');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      extra.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return { content: [{ type: 'text', text: 'late' }] };
  });
  // Listed only: its calls never reach it (the HTTP handler cuts their connection, and counts them).
  server.registerTool('hangup', { description: 'the connection drops while it runs' }, async () => ({
    content: [{ type: 'text', text: 'never seen' }],
  }));
  for (const name of added) registerAdded(server, runs, name);
}

/** A tool added while the server runs: it answers its own name. */
function registerAdded(server: McpServer, runs: Map<string, number>, name: string): void {
  server.registerTool(name, { description: `added later: ${name}` }, async () => {
    runs.set(name, (runs.get(name) ?? 0) + 1);
    return { content: [{ type: 'text', text: name }] };
  });
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** Starts the server on 127.0.0.1 (a free port, kept across `restart`). */
export async function startMcpTestServer(): Promise<McpTestServer> {
  const methods: string[] = [];
  const runs = new Map<string, number>();
  const authorizations: string[] = [];
  const calls: McpTestServer['calls'] = [];
  const added: string[] = [];
  let sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (typeof req.headers.authorization === 'string') authorizations.push(req.headers.authorization);
    const id = req.headers['mcp-session-id'];
    const body = req.method === 'POST' ? await bodyOf(req) : undefined;
    const messages = (Array.isArray(body) ? body : [body]) as {
      method?: string;
      params?: { name?: string; arguments?: unknown; _meta?: Record<string, unknown> };
    }[];
    for (const message of messages) {
      if (message?.method) methods.push(message.method);
      if (message?.method === 'tools/call') {
        calls.push({
          name: String(message.params?.name),
          args: message.params?.arguments,
          authorization: req.headers.authorization,
          meta: message.params?._meta,
        });
      }
    }
    if (messages.some((m) => m?.method === 'tools/call' && m.params?.name === 'hangup')) {
      runs.set('hangup', (runs.get('hangup') ?? 0) + 1);
      req.socket.destroy();
      return;
    }
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.transport.handleRequest(req, res, body);
    if (typeof id === 'string') {
      res.writeHead(404).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' } }));
      return;
    }
    const server = new McpServer({ name: 'test-tools', version: '1.0.0' });
    register(server, runs, added);
    const live = sessions;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        live.set(sessionId, { transport, server });
      },
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const listen = async (at: number): Promise<Server> => {
    const made = createServer((req, res) => {
      handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => made.listen(at, '127.0.0.1', resolve));
    return made;
  };
  let http = await listen(0);
  const port = (http.address() as AddressInfo).port;

  const stop = async () => {
    const closing = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections();
    for (const { server } of sessions.values()) await server.close().catch(() => {});
    sessions = new Map();
    await closing;
  };

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    methods,
    runs,
    authorizations,
    calls,
    addTool(name) {
      added.push(name);
      for (const { server } of sessions.values()) registerAdded(server, runs, name);
    },
    forgetSessions() {
      sessions = new Map();
    },
    stop,
    async restart() {
      http = await listen(port);
    },
    close: stop,
  };
}

/**
 * A server that lists `tools` as given, schemas and names unchecked (the SDK's low-level
 * `Server`, stateless): what a careless server may send. Each call answers "ran <name>".
 */
export async function startListingServer(
  tools: { name: string; description?: string; inputSchema: Record<string, unknown> }[],
  /** Answers a call instead of "ran <name>" (it may throw the SDK's `McpError`: a JSON-RPC error). */
  call?: (name: string) => unknown,
): Promise<{ url: string; close(): Promise<void> }> {
  const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
  const { CallToolRequestSchema, ListToolsRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const http = createServer((req, res) => {
    const server = new Server({ name: 'listing', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools as never }));
    server.setRequestHandler(CallToolRequestSchema, async (request) =>
      call ? (call(request.params.name) as never) : { content: [{ type: 'text', text: `ran ${request.params.name}` }] },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    (async () => {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.method === 'POST' ? await bodyOf(req) : undefined);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
