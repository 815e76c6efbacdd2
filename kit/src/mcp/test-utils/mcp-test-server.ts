import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  inputResponse,
  McpServer,
  type ServerContext,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { rawBody, toWebRequest, writeWebResponse } from './node-fetch-bridge.js';

/** Which revision the test server speaks: 2025-11-25 (sessions) or 2026-07-28 (stateless, and 2025 requests statelessly). */
export type McpTestEra = 'legacy' | 'modern';

/** A loopback MCP server on the SDK's own (v2) server API, with what it saw for the tests to check. */
export interface McpTestServer {
  url: string;
  /** JSON-RPC methods received, in order (`initialize` or `server/discover`, `tools/list`, `tools/call`, …). */
  methods: string[];
  /** Runs of each tool's body (a question asked counts as no run; the answered call does). */
  runs: Map<string, number>;
  /** The `authorization` header of each request that carried one. */
  authorizations: string[];
  /** Each `tools/call` as it arrived: the tool, its arguments, the request's `authorization`, its `_meta` and retry fields. */
  calls: {
    name: string;
    args: unknown;
    authorization: string | undefined;
    meta?: Record<string, unknown>;
    inputResponses?: Record<string, unknown>;
    requestState?: string;
  }[];
  /** Each `requestState` the server minted, in order (each unique: a test checks it came back byte for byte). */
  minted: string[];
  /** The calls whose effect `link` applied, by the kit's ref (`MCP_CALL_REF_META`): once each, however often it runs. */
  applied: Set<string>;
  /** Adds a tool while clients are connected (each 2025 session is told `tools/list_changed`). */
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

/** What a server's tools share: the counts, and who is asking. */
interface ToolWorld {
  runs: Map<string, number>;
  minted: string[];
  applied: Set<string>;
  /** The request's `authorization` header, if any. */
  authorization: string | undefined;
}

const ran = (world: ToolWorld, name: string) => world.runs.set(name, (world.runs.get(name) ?? 0) + 1);

const authOf = (ctx: ServerContext): string => ctx.http?.req?.headers.get('authorization') ?? 'none';

function registerPlain(server: McpServer, world: ToolWorld): void {
  server.registerTool(
    'echo',
    { description: 'says the text back', inputSchema: z.object({ text: z.string().min(1) }) },
    async ({ text }) => {
      ran(world, 'echo');
      return { content: [{ type: 'text', text: `echo: ${text}` }] };
    },
  );
  server.registerTool('tick', { description: 'answers tick (no input)' }, async () => {
    ran(world, 'tick');
    return { content: [{ type: 'text', text: 'tick' }] };
  });
  server.registerTool(
    'weather',
    {
      description: 'the weather in a city',
      inputSchema: z.object({ city: z.string() }),
      outputSchema: z.object({ city: z.string(), celsius: z.number() }),
      annotations: { readOnlyHint: true },
    },
    async ({ city }) => {
      ran(world, 'weather');
      const structuredContent = { city, celsius: 21 };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );
  server.registerTool('picture', { description: 'a picture' }, async () => {
    ran(world, 'picture');
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
      inputSchema: z.object({ orderId: z.string(), cents: z.number().int() }),
      annotations: { destructiveHint: true },
    },
    async ({ orderId, cents }) => {
      ran(world, 'refund');
      return { content: [{ type: 'text', text: `refunded ${cents} on ${orderId}` }] };
    },
  );
}

function registerFaulty(server: McpServer, world: ToolWorld): void {
  server.registerTool('fail', { description: 'always fails, quoting the credentials it was sent' }, async (ctx) => {
    ran(world, 'fail');
    return { isError: true, content: [{ type: 'text', text: `no access for ${authOf(ctx)}` }] };
  });
  server.registerTool('slow', { description: 'answers when cancelled, or after a minute' }, async (ctx) => {
    ran(world, 'slow');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      ctx.mcpReq.signal.addEventListener('abort', () => {
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
  // A tool listed to one user only: a server that lists per user (by the request's authorization).
  const user = /^Bearer (\w+)$/.exec(world.authorization ?? '')?.[1];
  if (user) {
    server.registerTool(`mine_${user}`, { description: `${user}'s own tool` }, async () => {
      ran(world, `mine_${user}`);
      return { content: [{ type: 'text', text: `hello ${user}` }] };
    });
  }
}

/** A fresh `requestState`, remembered: a test checks it comes back byte for byte. */
function mint(world: ToolWorld, step: string): string {
  const state = `${step}:${randomUUID()}:ünïcödé+/=`;
  world.minted.push(state);
  return state;
}

const SHIP_FORM = z.object({
  name: z.string().describe('who receives it'),
  copies: z.number().int().min(1).describe('how many'),
  gift: z.boolean().describe('gift-wrapped'),
  speed: z.enum(['standard', 'express']).describe('how fast'),
});

/** Tools that ask the person first (2026-07-28): a form, then a second question; a URL. */
function registerAsking(server: McpServer, world: ToolWorld): void {
  server.registerTool(
    'ship',
    {
      description: 'ships an order once the person fills in the form and confirms',
      inputSchema: z.object({ orderId: z.string() }),
    },
    async ({ orderId }, ctx) => {
      const state = ctx.mcpReq.requestState<string>();
      const form = acceptedContent(ctx.mcpReq.inputResponses, 'form', SHIP_FORM);
      if (!state || !world.minted.includes(state)) {
        if (inputResponse(ctx.mcpReq.inputResponses, 'form').kind === 'elicit' && !form) {
          return { content: [{ type: 'text', text: `not shipped: ${orderId}` }] };
        }
        return inputRequired({
          inputRequests: {
            form: inputRequired.elicit({ message: `Ship ${orderId}: who and how?`, requestedSchema: SHIP_FORM }),
          },
          requestState: mint(world, `form:${orderId}`),
        });
      }
      if (state.startsWith('form:')) {
        if (!form) return { content: [{ type: 'text', text: `not shipped: ${orderId}` }] };
        const sure = z.object({ sure: z.boolean().describe('ship it now') });
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({ message: `Ship ${form.copies} to ${form.name}?`, requestedSchema: sure }),
          },
          requestState: mint(world, `confirm:${orderId}:${JSON.stringify(form)}`),
        });
      }
      const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', z.object({ sure: z.boolean() }));
      if (!confirmed?.sure) return { content: [{ type: 'text', text: `not shipped: ${orderId}` }] };
      ran(world, 'ship');
      const form0 = JSON.parse(state.split(':').slice(2, -2).join(':')) as z.infer<typeof SHIP_FORM>;
      return {
        content: [{ type: 'text', text: `shipped ${orderId}: ${form0.copies} to ${form0.name} (${form0.speed})` }],
      };
    },
  );
  server.registerTool('link', { description: 'links an account on a web page' }, async (ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'visit');
    const state = ctx.mcpReq.requestState<string>();
    if (answer.kind !== 'elicit' || !state || !world.minted.includes(state)) {
      return inputRequired({
        inputRequests: {
          visit: inputRequired.elicitUrl({ message: 'Link your account', url: 'https://accounts.example.com/link' }),
        },
        requestState: mint(world, 'visit'),
      });
    }
    ran(world, 'link');
    const ref = ctx.mcpReq._meta?.['callable-flows/callRef'];
    if (typeof ref === 'string') world.applied.add(ref);
    return { content: [{ type: 'text', text: `link ${answer.action}` }] };
  });
}

/** What `summarize` asks the client to sample: a system prompt, a user's text and an image, a generous limit. */
export const SUMMARY_REQUEST = {
  systemPrompt: 'Answer in five words.',
  maxTokens: 5000,
  temperature: 0.2,
} as const;

function summaryMessages(text: string) {
  return [
    { role: 'user' as const, content: { type: 'text' as const, text: `Summarize: ${text}` } },
    { role: 'user' as const, content: { type: 'image' as const, data: PIXEL, mimeType: 'image/png' } },
  ];
}

/** A sample's text, as the client answered it. */
function sampledText(result: { content: unknown }): string {
  const blocks = (Array.isArray(result.content) ? result.content : [result.content]) as { text?: unknown }[];
  return blocks.map((block) => (typeof block.text === 'string' ? block.text : '')).join('');
}

/**
 * Tools that ask the client to sample a model: `summarize` once (2026-07-28: with a roots
 * request beside it, in an `input_required`; 2025-11-25: mid-call), `ruminate` again and again
 * (2026-07-28: on every round, never content; 2025-11-25: until refused, saying how often it got one).
 */
function registerSampling(server: McpServer, world: ToolWorld, era: McpTestEra): void {
  const input = { inputSchema: z.object({ text: z.string() }) };
  server.registerTool(
    'summarize',
    { description: 'summarizes a text with the client’s model', ...input },
    async ({ text }, ctx) => {
      if (era === 'legacy') {
        const sampled = await ctx.mcpReq.requestSampling({ ...SUMMARY_REQUEST, messages: summaryMessages(text) });
        ran(world, 'summarize');
        return { content: [{ type: 'text', text: `summary (${sampled.model}): ${sampledText(sampled)}` }] };
      }
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'sample');
      const state = ctx.mcpReq.requestState<string>();
      if (answer.kind !== 'sampling' || !state || !world.minted.includes(state)) {
        return inputRequired({
          inputRequests: {
            sample: inputRequired.createMessage({ ...SUMMARY_REQUEST, messages: summaryMessages(text) }),
            roots: inputRequired.listRoots(),
          },
          requestState: mint(world, 'sample'),
        });
      }
      ran(world, 'summarize');
      return { content: [{ type: 'text', text: `summary (${answer.result.model}): ${sampledText(answer.result)}` }] };
    },
  );
  if (era === 'legacy') {
    server.registerTool('ruminate', { description: 'asks for samples until refused' }, async (ctx) => {
      const more = {
        maxTokens: 10,
        messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'more' } }],
      };
      let sampled = 0;
      for (; sampled < 100; sampled++) {
        const refused = await ctx.mcpReq.requestSampling(more).then(
          () => false,
          () => true,
        );
        if (refused) break;
      }
      return { content: [{ type: 'text', text: `sampled ${sampled} times` }] };
    });
    return;
  }
  server.registerTool('ruminate', { description: 'asks for a sample on every round' }, async () =>
    inputRequired({
      inputRequests: {
        again: inputRequired.createMessage({
          maxTokens: 10,
          messages: [{ role: 'user', content: { type: 'text', text: 'more' } }],
        }),
      },
      requestState: mint(world, 'ruminate'),
    }),
  );
}

function register(server: McpServer, world: ToolWorld, added: readonly string[], era: McpTestEra): void {
  registerPlain(server, world);
  registerFaulty(server, world);
  registerSampling(server, world, era);
  if (era === 'modern') registerAsking(server, world);
  for (const name of added) registerAdded(server, world, name);
}

/** A tool added while the server runs: it answers its own name. */
function registerAdded(server: McpServer, world: ToolWorld, name: string): void {
  server.registerTool(name, { description: `added later: ${name}` }, async () => {
    ran(world, name);
    return { content: [{ type: 'text', text: name }] };
  });
}

type Message = {
  method?: string;
  params?: {
    name?: string;
    arguments?: unknown;
    _meta?: Record<string, unknown>;
    inputResponses?: Record<string, unknown>;
    requestState?: string;
  };
};

/** Starts the server on 127.0.0.1 (a free port, kept across `restart`), speaking `era`. */
export async function startMcpTestServer(
  era: McpTestEra = 'legacy',
  /** The `ttlMs` a 2026-07-28 listing carries (none by default: the SDK's "stale at once"). */
  listTtlMs?: number,
): Promise<McpTestServer> {
  const methods: string[] = [];
  const runs = new Map<string, number>();
  const minted: string[] = [];
  const applied = new Set<string>();
  const authorizations: string[] = [];
  const calls: McpTestServer['calls'] = [];
  const added: string[] = [];
  let sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; server: McpServer }>();
  const worldOf = (authorization: string | undefined): ToolWorld => ({ runs, minted, applied, authorization });
  const hints = listTtlMs === undefined ? {} : { cacheHints: { 'tools/list': { ttlMs: listTtlMs } } };
  const modern = createMcpHandler(({ requestInfo }) => {
    const server = new McpServer({ name: 'test-tools', version: '1.0.0' }, hints);
    register(server, worldOf(requestInfo?.headers.get('authorization') ?? undefined), added, 'modern');
    return server;
  });

  const record = (req: IncomingMessage, body: string) => {
    const parsed = body ? (JSON.parse(body) as Message | Message[]) : undefined;
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    for (const message of messages) {
      if (message?.method) methods.push(message.method);
      if (message?.method !== 'tools/call') continue;
      const { name, arguments: args, _meta, inputResponses, requestState } = message.params ?? {};
      calls.push({
        name: String(name),
        args,
        authorization: req.headers.authorization,
        meta: _meta,
        ...(inputResponses ? { inputResponses } : {}),
        ...(requestState === undefined ? {} : { requestState }),
      });
    }
    return messages;
  };

  const legacy = async (request: Request, id: string | undefined): Promise<Response> => {
    const known = id === undefined ? undefined : sessions.get(id);
    if (known) return known.transport.handleRequest(request);
    if (id !== undefined) {
      const error = { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' } };
      return new Response(JSON.stringify(error), { status: 404 });
    }
    const server = new McpServer({ name: 'test-tools', version: '1.0.0' });
    register(server, worldOf(request.headers.get('authorization') ?? undefined), added, 'legacy');
    const live = sessions;
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        live.set(sessionId, { transport, server });
      },
    });
    await server.connect(transport);
    return transport.handleRequest(request);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (typeof req.headers.authorization === 'string') authorizations.push(req.headers.authorization);
    const body = req.method === 'POST' ? await rawBody(req) : '';
    const messages = record(req, body);
    if (messages.some((m) => m?.method === 'tools/call' && m.params?.name === 'hangup')) {
      runs.set('hangup', (runs.get('hangup') ?? 0) + 1);
      req.socket.destroy();
      return;
    }
    const request = toWebRequest(req, body);
    const id = req.headers['mcp-session-id'];
    const response =
      era === 'modern' ? await modern.fetch(request) : await legacy(request, typeof id === 'string' ? id : undefined);
    await writeWebResponse(res, response);
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
    minted,
    applied,
    addTool(name) {
      added.push(name);
      for (const { server } of sessions.values()) registerAdded(server, worldOf(undefined), name);
      modern.notify.toolsChanged();
    },
    forgetSessions() {
      sessions = new Map();
    },
    stop,
    async restart() {
      http = await listen(port);
    },
    close: async () => {
      await stop();
      await modern.close();
    },
  };
}

/**
 * A server that lists `tools` as given, schemas and names unchecked (the SDK's low-level
 * `Server`, stateless): what a careless server may send. Each call answers "ran <name>".
 */
export async function startListingServer(
  tools: { name: string; description?: string; inputSchema: Record<string, unknown> }[],
  /** Answers a call instead of "ran <name>" (it may throw the SDK's `ProtocolError`: a JSON-RPC error). */
  call?: (name: string) => unknown,
): Promise<{ url: string; close(): Promise<void> }> {
  const { Server } = await import('@modelcontextprotocol/server');
  const handler = createMcpHandler(() => {
    const server = new Server({ name: 'listing', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', async () => ({ tools: tools as never }));
    server.setRequestHandler('tools/call', async (request) =>
      call ? (call(request.params.name) as never) : { content: [{ type: 'text', text: `ran ${request.params.name}` }] },
    );
    return server;
  });
  const http = createServer((req, res) => {
    (async () => {
      const body = req.method === 'POST' ? await rawBody(req) : '';
      await writeWebResponse(res, await handler.fetch(toWebRequest(req, body)));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
      await handler.close();
    },
  };
}
