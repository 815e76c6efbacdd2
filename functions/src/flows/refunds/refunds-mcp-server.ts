import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DocumentDb } from '@callable-flows/kit/firestore/index.js';
import { MCP_CALL_REF_META } from '@callable-flows/kit/mcp/index.js';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import {
  CheckRefundInputSchema,
  CheckRefundOutputSchema,
  checkRefund,
  type RefundCaller,
  RefundOrderInputSchema,
  RefundOrderOutputSchema,
  refundOrder,
} from './refund-order.js';
import { APPROVER_HEADER, CUSTOMER_HEADER } from './refunds-mcp-key.js';

/** What the refunds server runs on. */
export interface RefundsServerDeps {
  db: () => Promise<DocumentDb>;
  /** The key a request must bring (`authorization: Bearer …`); undefined refuses every request. */
  key: () => string | undefined;
}

const asResult = (output: Record<string, unknown>) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(output) }],
  structuredContent: output,
});

/** The refunds server's tools for one request, for the caller its headers name. */
function refundsServer(deps: RefundsServerDeps, caller: RefundCaller): McpServer {
  const server = new McpServer({ name: 'refunds', version: '1.0.0' });
  server.registerTool(
    'checkRefund',
    {
      description:
        "Says whether one of the user's orders can be refunded (it has shipped or been delivered, and was not refunded), with its item and status.",
      inputSchema: CheckRefundInputSchema,
      outputSchema: CheckRefundOutputSchema,
      annotations: { readOnlyHint: true },
    },
    async ({ orderId }) => asResult(await checkRefund(await deps.db(), caller, orderId)),
  );
  server.registerTool(
    'refundOrder',
    {
      description:
        "Refunds one of the user's orders that has shipped or been delivered. A manager approves it before anything changes.",
      inputSchema: RefundOrderInputSchema,
      outputSchema: RefundOrderOutputSchema,
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    async (input, ctx) => {
      // The kit's ref of the call, the same on every attempt: one refund, whatever retries happen.
      const ref = ctx.mcpReq._meta?.[MCP_CALL_REF_META];
      if (typeof ref !== 'string' || !ref) {
        return { content: [{ type: 'text' as const, text: 'a refund needs the call’s ref' }], isError: true };
      }
      return asResult(await refundOrder(await deps.db(), caller, input, ref));
    },
  );
  return server;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value ? value : undefined;
}

function authorized(req: IncomingMessage, key: string | undefined): boolean {
  const given = header(req, 'authorization');
  if (!key || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(`Bearer ${key}`)];
  return a.length === b.length && timingSafeEqual(a, b);
}

const refuse = (res: ServerResponse, status: number, message: string): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
};

/** The JSON-RPC id of a `subscriptions/listen` request, when `body` is one. */
function listenRequest(body: unknown): { id: string | number } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { method, id } = body as { method?: unknown; id?: unknown };
  return method === 'subscriptions/listen' && (typeof id === 'string' || typeof id === 'number') ? { id } : undefined;
}

const notAMethod = (res: ServerResponse, id: string | number): void => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id }));
};

/** The Node request as a web `Request` (what the SDK's handler serves), its body already parsed. */
function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: 'POST', headers });
}

/**
 * The example's MCP server over Streamable HTTP, stateless in both eras (a server per request,
 * JSON responses: any instance answers any request; 2025-11-25 clients are served statelessly):
 * `checkRefund` (read-only) and `refundOrder`. A request must bring the key; it names the
 * customer (and the approving manager) in headers the refunds agent sets from its turn's
 * context. `body`: the request's parsed JSON (Cloud Functions parses it before the handler runs).
 */
export async function handleRefundsMcp(
  deps: RefundsServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  if (!authorized(req, deps.key())) return refuse(res, 401, 'unauthorized');
  // Stateless: no stream of server messages to open, no session to end.
  if (req.method !== 'POST') return refuse(res, 405, 'method not allowed');
  // Nor a 2026-07-28 subscription: a stream this server would hold open per request, for a tool
  // list that never changes. Refused at once, as a method it does not have, so a client that asks
  // (the kit does, for list changes) goes on without one instead of waiting out its timeout.
  const listen = listenRequest(body);
  if (listen) return notAMethod(res, listen.id);
  const approvedBy = header(req, APPROVER_HEADER);
  const caller: RefundCaller = { uid: header(req, CUSTOMER_HEADER), ...(approvedBy ? { approvedBy } : {}) };
  const handler = createMcpHandler(() => refundsServer(deps, caller), { responseMode: 'json' });
  try {
    const response = await handler.fetch(webRequest(req), { parsedBody: body });
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    res.end(Buffer.from(await response.arrayBuffer()));
  } finally {
    await handler.close();
  }
}
