/** The demo's key in the emulator, where no secret is set: the emulator serves nobody but the machine. */
const EMULATOR_KEY = 'demo-refunds-mcp-key';

/**
 * The key the refunds agent sends its MCP server (`authorization: Bearer …`) and the server checks:
 * the `REFUNDS_MCP_KEY` secret; in the emulator, without it, the demo's key. Undefined when
 * deployed without the secret: the server then refuses every request and the agent sends none.
 */
export function refundsMcpKey(): string | undefined {
  const key = process.env.REFUNDS_MCP_KEY;
  if (key) return key;
  return process.env.FUNCTIONS_EMULATOR === 'true' ? EMULATOR_KEY : undefined;
}

/** The headers that name whom a call to the refunds server is for (set by the agent, read by the server). */
export const CUSTOMER_HEADER = 'x-refunds-customer-uid';
export const APPROVER_HEADER = 'x-refunds-approved-by';
