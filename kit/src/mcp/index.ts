export type { McpHeaders, McpSamplingOptions, McpToolInfo, McpToolsOptions } from './mcp-options.js';
export { DEFAULT_MCP_LIST_TTL_MS, MCP_CALL_REF_META } from './mcp-options.js';
export { MCP_CANCEL } from './mcp-question.js';
export { type McpToolSource, mcpTools } from './mcp-tools.js';
