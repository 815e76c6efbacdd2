import type { IncomingMessage, ServerResponse } from 'node:http';
import { refundsMcpKey } from '../refunds/refunds-mcp-key.js';
import { handleRefundsMcp } from '../refunds/refunds-mcp-server.js';
import { turnFirestore } from '../turn-firestore.js';

/** The deployed refunds MCP server: the orders on the turns' client, the key from `REFUNDS_MCP_KEY`. */
export function refundsMcp(req: IncomingMessage & { body?: unknown }, res: ServerResponse): Promise<void> {
  return handleRefundsMcp({ db: turnFirestore, key: refundsMcpKey }, req, res, req.body);
}
