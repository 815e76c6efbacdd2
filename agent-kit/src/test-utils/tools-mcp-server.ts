import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MCP_CALL_REF_META } from '@callable-flows/kit/mcp/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** A local MCP server with one tool that has an effect, and the effects it had. */
export interface ToolsMcpServer {
  url: string;
  /** The effects, one per call ref (a call run again by a retry or a continuation applies once). */
  effects: Map<string, Record<string, unknown>>;
  /** The requests refused for a missing or wrong key (401). */
  refused: number;
  close(): Promise<void>;
}

function toolServer(tool: string, effects: ToolsMcpServer['effects']): McpServer {
  const server = new McpServer({ name: tool, version: '1.0.0' });
  server.registerTool(
    tool,
    {
      description: `Runs ${tool} on a target. Someone approves it first.`,
      inputSchema: { target: z.string() },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    async ({ target }, extra) => {
      const ref = extra._meta?.[MCP_CALL_REF_META];
      if (typeof ref !== 'string') return { content: [{ type: 'text' as const, text: 'no call ref' }], isError: true };
      if (!effects.has(ref)) effects.set(ref, { tool, target });
      return { content: [{ type: 'text' as const, text: `${tool} done for ${target}` }] };
    },
  );
  return server;
}

/**
 * Starts a stateless Streamable HTTP MCP server on loopback serving tool `tool`, which asks each
 * request for `authorization: Bearer <key>` (the header an instance's `AGENT_MCP_HEADERS` secret gives it).
 */
export async function startToolsMcpServer(tool: string, key: string): Promise<ToolsMcpServer> {
  const effects: ToolsMcpServer['effects'] = new Map();
  const state = { refused: 0 };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.headers.authorization !== `Bearer ${key}`) {
      state.refused += 1;
      res.writeHead(401).end();
      return;
    }
    // Stateless: no stream of server messages to open (GET), no session to end (DELETE).
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const server = toolServer(tool, effects);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
  const http = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    effects,
    get refused() {
      return state.refused;
    },
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
