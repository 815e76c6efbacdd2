import type { Tool as SdkTool } from '@modelcontextprotocol/client';
import { LRUCache } from 'lru-cache';
import { KitError } from '../errors/index.js';
import { redactSecrets } from '../redact/index.js';
import type { Tool } from '../tools/index.js';
import { type ConnectionSampling, type EraMemo, McpConnection } from './mcp-connection.js';
import { headersKey, withoutHeaders } from './mcp-headers.js';
import type { McpToolsOptions } from './mcp-options.js';
import { samplerOf } from './mcp-sampling.js';
import { loadMcpSdk } from './mcp-sdk.js';
import { type McpToolScope, toKitTool, toolInfo } from './mcp-tool.js';

/** A listing's tools as kit tools, and how long the server says they hold. */
export interface ListedTools {
  tools: readonly Tool[];
  ttlMs?: number;
}

/** A server's connections and what lists its tools as kit tools: the part of `mcpTools` loaded on first use. */
export interface ServerListing {
  /** Lists the server's tools (all pages) for a caller with `headers`; rejects with its headers cut out of the words. */
  list(headers: Record<string, string>): Promise<ListedTools>;
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

/** Connections kept per source: one per distinct set of headers (per caller, when they are a caller's). */
const MAX_CONNECTIONS = 256;

function allowed(options: McpToolsOptions, tool: SdkTool): boolean {
  const allow = options.allow;
  if (allow === undefined) return true;
  return typeof allow === 'function' ? allow(toolInfo(tool)) : allow.includes(tool.name);
}

/** The connections to one server (each opened on first use) and the listing of its tools. */
export function serverListing(given: ListingOptions): ServerListing {
  const { server, prefix, options, timeoutMs } = given;
  const era: EraMemo = {};
  const sampling: ConnectionSampling | undefined = options.sampling && { sample: samplerOf(options.sampling), server };
  const connections = new LRUCache<string, McpConnection>({
    max: MAX_CONNECTIONS,
    dispose: (connection) => {
      connection.close().catch(() => {});
    },
  });
  const connectionFor = (headers: Record<string, string>): McpConnection => {
    const key = headersKey(headers);
    let connection = connections.get(key);
    if (!connection) {
      connection = new McpConnection(given.url, headers, era, given.onListChanged, sampling);
      connections.set(key, connection);
    }
    return connection;
  };

  const build = async (tools: SdkTool[]): Promise<readonly Tool[]> => {
    const sdk = await loadMcpSdk();
    const validator = new sdk.AjvJsonSchemaValidator();
    const scope: McpToolScope = { server, connectionFor, options, timeoutMs, sdk, validator, sample: sampling?.sample };
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
    async list(headers) {
      try {
        const listed = await connectionFor(headers).listTools(timeoutMs);
        const tools = await build(listed.tools);
        return listed.ttlMs === undefined ? { tools } : { tools, ttlMs: listed.ttlMs };
      } catch (error) {
        const said = withoutHeaders(error instanceof Error ? error.message : String(error), headers);
        throw new KitError('unavailable', `MCP server '${server}' could not be listed: ${said}`);
      }
    },
    async close() {
      const open = [...connections.values()];
      connections.clear();
      await Promise.all(open.map((connection) => connection.close()));
    },
  };
}
