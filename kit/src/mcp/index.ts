export type { McpHeaders, McpToolInfo, McpToolsOptions } from './mcp-options.js';
export { DEFAULT_MCP_LIST_TTL_MS } from './mcp-options.js';
export { type McpToolSource, mcpTools } from './mcp-tools.js';
