import { KitError } from '../errors/index.js';
import { lazy } from '../lazy/index.js';
import { redactSecrets } from '../redact/index.js';
import { type ActionContext, DEFAULT_TOOL_TIMEOUT_MS, type Tool, type ToolSource } from '../tools/index.js';
import type { ServerListing } from './mcp-listing.js';
import { DEFAULT_MCP_LIST_TTL_MS, type McpToolsOptions } from './mcp-options.js';

const NONE: readonly Tool[] = Object.freeze([]);

// The connection, the tools and the SDK behind them are loaded on a source's first use: an app
// that never lists a server loads none of it.
const loadListing = lazy(() => import('./mcp-listing.js'));

/** A server's tools as a source of an agent's (or a generation's) tools, with its connection. */
export interface McpToolSource extends ToolSource {
  /** Lists again on the next use (what `notifications/tools/list_changed` does). */
  invalidate(): void;
  /** Closes the connection; a later use opens another. */
  close(): Promise<void>;
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
  let opened: ServerListing | undefined;
  const onListChanged = () => {
    stale = true;
  };

  const relist = async (context: ActionContext): Promise<readonly Tool[]> => {
    // Cleared before the request: a notification that lands while it runs marks the new list stale.
    stale = false;
    try {
      if (!opened) {
        const { serverListing } = await loadListing();
        opened ??= serverListing({ url, server, prefix, timeoutMs, options, onListChanged });
      }
      list = await opened.list(context);
      listedAt = Date.now();
    } catch (error) {
      // The listing's words have the headers cut out already; the rest of a secret's shapes here.
      const said = redactSecrets(error instanceof Error ? error.message : String(error));
      console.warn(`[callable-flows] ${said}: this turn goes on without its tools`);
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
    get listed() {
      return list !== undefined;
    },
    invalidate() {
      stale = true;
    },
    close: async () => {
      await opened?.close();
    },
  };
}
