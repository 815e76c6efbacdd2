import type { Tool as SdkTool } from '@modelcontextprotocol/sdk/types.js';
import { KitError } from '../errors/index.js';
import { redactSecrets } from '../redact/index.js';
import type { ActionContext, Tool } from '../tools/index.js';
import { McpConnection } from './mcp-connection.js';
import type { McpToolsOptions } from './mcp-options.js';
import { loadMcpSdk } from './mcp-sdk.js';
import { headersFor, type McpToolScope, toKitTool, toolInfo, withoutHeaders } from './mcp-tool.js';

/** A server's connection and what lists its tools as kit tools: the part of `mcpTools` loaded on first use. */
export interface ServerListing {
  /** Lists the server's tools (all pages) as kit tools; rejects with its headers cut out of the words. */
  list(context: ActionContext): Promise<readonly Tool[]>;
  close(): Promise<void>;
}

/** What a source knows of its server. */
export interface ListingOptions {
  url: URL;
  server: string;
  prefix: string;
  timeoutMs: number;
  options: McpToolsOptions;
  onListChanged: () => void;
}

function allowed(options: McpToolsOptions, tool: SdkTool): boolean {
  const allow = options.allow;
  if (allow === undefined) return true;
  return typeof allow === 'function' ? allow(toolInfo(tool)) : allow.includes(tool.name);
}

/** The connection to one server (opened on the first listing) and the listing of its tools. */
export function serverListing(given: ListingOptions): ServerListing {
  const { server, prefix, options, timeoutMs } = given;
  const connection = new McpConnection(given.url, given.onListChanged);

  const build = async (tools: SdkTool[]): Promise<readonly Tool[]> => {
    const sdk = await loadMcpSdk();
    const validator = new sdk.AjvJsonSchemaValidator();
    const scope: McpToolScope = { server, connection, options, timeoutMs, sdk, validator };
    const built: Tool[] = [];
    for (const tool of tools) {
      if (!allowed(options, tool)) continue;
      const name = `${prefix}${tool.name}`;
      try {
        built.push(toKitTool(tool, name, scope));
      } catch (error) {
        // A name the kit can't offer, or a schema ajv can't compile, costs that tool, not the server's others.
        const said = error instanceof Error ? error.message : String(error);
        console.warn(`[callable-flows] MCP server '${server}': tool '${name}' skipped (${redactSecrets(said)})`);
      }
    }
    return built;
  };

  return {
    async list(context) {
      let headers: Record<string, string> = {};
      try {
        headers = await headersFor(options.headers, context);
        return await build(await connection.listTools(headers, timeoutMs));
      } catch (error) {
        const said = withoutHeaders(error instanceof Error ? error.message : String(error), headers);
        throw new KitError('unavailable', `MCP server '${server}' could not be listed: ${said}`);
      }
    },
    close: () => connection.close(),
  };
}
