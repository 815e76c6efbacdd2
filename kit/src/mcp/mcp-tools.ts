import type { Tool as SdkTool } from '@modelcontextprotocol/sdk/types.js';
import { KitError } from '../errors/index.js';
import { redactSecrets } from '../redact/index.js';
import { type ActionContext, DEFAULT_TOOL_TIMEOUT_MS, type Tool, type ToolSource } from '../tools/index.js';
import { McpConnection } from './mcp-connection.js';
import { DEFAULT_MCP_LIST_TTL_MS, type McpToolsOptions } from './mcp-options.js';
import { loadMcpSdk } from './mcp-sdk.js';
import { headersFor, type McpToolScope, toKitTool, toolInfo, withoutHeaders } from './mcp-tool.js';

const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_.\-/]{0,127}$/;
const NONE: readonly Tool[] = Object.freeze([]);

/** A server's tools as a source of an agent's (or a generation's) tools, with its connection. */
export interface McpToolSource extends ToolSource {
  /** Lists again on the next use (what `notifications/tools/list_changed` does). */
  invalidate(): void;
  /** Closes the connection; a later use opens another. */
  close(): Promise<void>;
}

function allowed(options: McpToolsOptions, tool: SdkTool): boolean {
  const allow = options.allow;
  if (allow === undefined) return true;
  return typeof allow === 'function' ? allow(toolInfo(tool)) : allow.includes(tool.name);
}

/**
 * The tools of an MCP server on its Streamable HTTP endpoint, for an agent's `tools` (beside
 * tools of its own). Listed on first use and cached by this source, which is per instance:
 * listed again after `notifications/tools/list_changed` or `listTtlMs`; every call shares one
 * connection. The SDK is loaded on first use, so an agent without MCP tools loads none of it.
 * A server that can't be listed leaves the turn without its tools (the last list, if there was
 * one); a call that fails is an error told to the model: neither fails the turn.
 */
export function mcpTools(options: McpToolsOptions): McpToolSource {
  const url = new URL(options.url);
  const server = options.name ?? url.host;
  const prefix = options.prefix ?? '';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const ttlMs = options.listTtlMs ?? DEFAULT_MCP_LIST_TTL_MS;
  if (!(timeoutMs > 0)) throw new KitError('invalid-argument', `mcpTools timeoutMs must be > 0, not ${timeoutMs}`);
  if (!(ttlMs >= 0)) throw new KitError('invalid-argument', `mcpTools listTtlMs must be ≥ 0, not ${ttlMs}`);
  let list: readonly Tool[] | undefined;
  let listedAt = 0;
  let stale = false;
  let listing: Promise<readonly Tool[]> | undefined;
  const connection = new McpConnection(url, () => {
    stale = true;
  });

  const build = async (tools: SdkTool[]): Promise<readonly Tool[]> => {
    const sdk = await loadMcpSdk();
    const validator = new sdk.AjvJsonSchemaValidator();
    const scope: McpToolScope = { server, connection, options, timeoutMs, sdk, validator };
    const built: Tool[] = [];
    for (const tool of tools) {
      if (!allowed(options, tool)) continue;
      const name = `${prefix}${tool.name}`;
      if (!TOOL_NAME.test(name)) {
        console.warn(`[callable-flows] MCP server '${server}': tool '${name}' has a name the kit can't offer; skipped`);
        continue;
      }
      try {
        built.push(toKitTool(tool, name, scope));
      } catch (error) {
        // One tool's schema that ajv can't compile costs that tool, not the server's others.
        const said = error instanceof Error ? error.message : String(error);
        console.warn(`[callable-flows] MCP server '${server}': tool '${name}' skipped (${redactSecrets(said)})`);
      }
    }
    return built;
  };

  const relist = async (context: ActionContext): Promise<readonly Tool[]> => {
    // Cleared before the request: a notification that lands while it runs marks the new list stale.
    stale = false;
    let headers: Record<string, string> = {};
    try {
      headers = await headersFor(options.headers, context);
      list = await build(await connection.listTools(headers, timeoutMs));
      listedAt = Date.now();
    } catch (error) {
      const said = withoutHeaders(error instanceof Error ? error.message : String(error), headers);
      console.warn(
        `[callable-flows] MCP server '${server}' could not be listed (${redactSecrets(said)}): this turn goes on without its tools`,
      );
      stale = true;
    }
    return list ?? NONE;
  };

  return {
    kind: 'tool-source',
    name: server,
    tools(context) {
      if (list && !stale && Date.now() - listedAt < ttlMs) return list;
      if (!listing) {
        listing = relist(context).finally(() => {
          listing = undefined;
        });
      }
      return listing;
    },
    invalidate() {
      stale = true;
    },
    close: () => connection.close(),
  };
}
