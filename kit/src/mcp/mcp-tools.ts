import { LRUCache } from 'lru-cache';
import { KitError } from '../errors/index.js';
import { lazy } from '../lazy/index.js';
import { redactSecrets } from '../redact/index.js';
import { type ActionContext, DEFAULT_TOOL_TIMEOUT_MS, type Tool, type ToolSource } from '../tools/index.js';
import { type CallerList, freshList, keepListing } from './mcp-caller-list.js';
import { headersFor, headersKey } from './mcp-headers.js';
import type { ServerListing } from './mcp-listing.js';
import { DEFAULT_MCP_LIST_TTL_MS, type McpToolsOptions } from './mcp-options.js';

const NONE: readonly Tool[] = Object.freeze([]);

/** Listings kept per source: one per distinct set of headers (as many as the source keeps connections). */
const MAX_LISTINGS = 256;

// The connection, the tools and the SDK behind them are loaded on a source's first use: an app
// that never lists a server loads none of it.
const loadListing = lazy(() => import('./mcp-listing.js'));

/** A server's tools as a source of an agent's (or a generation's) tools, with its connections. */
export interface McpToolSource extends ToolSource {
  /** Lists again on the next use (what `notifications/tools/list_changed` does). */
  invalidate(): void;
  /** Closes the connections; a later use opens others. */
  close(): Promise<void>;
}

/** A source's settings from its options, its defaults filled in; a limit that can't be is refused. */
function settingsOf(options: McpToolsOptions) {
  const url = new URL(options.url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const ttlMs = options.listTtlMs ?? DEFAULT_MCP_LIST_TTL_MS;
  if (!(timeoutMs > 0)) throw new KitError('invalid-argument', `mcpTools timeoutMs must be > 0, not ${timeoutMs}`);
  if (!(ttlMs >= 0)) throw new KitError('invalid-argument', `mcpTools listTtlMs must be ≥ 0, not ${ttlMs}`);
  const maxTokens = options.sampling?.maxTokens;
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens > 0)) {
    throw new KitError('invalid-argument', `mcpTools sampling.maxTokens must be a positive integer, not ${maxTokens}`);
  }
  return { url, server: options.name ?? url.host, prefix: options.prefix ?? '', timeoutMs, ttlMs };
}

/**
 * The tools of an MCP server on its Streamable HTTP endpoint, for an agent's `tools` (beside
 * tools of its own), spoken to in the era the server speaks (2026-07-28, or 2025-11-25). Listed
 * on first use and cached by this source, per instance and per set of headers: callers whose
 * headers are equal share a list and a connection, others never do (a server may list per user).
 * Listed again after `notifications/tools/list_changed`, or once the server's `ttlMs` (else
 * `listTtlMs`) has passed. The SDK is loaded on first use, so an agent without MCP tools loads
 * none of it. A server that can't be listed leaves the turn without its tools (the last list, if
 * there was one); a call that fails is an error told to the model: neither fails the turn.
 */
export function mcpTools(options: McpToolsOptions): McpToolSource {
  const { url, server, prefix, timeoutMs, ttlMs } = settingsOf(options);
  const callers = new LRUCache<string, CallerList>({ max: MAX_LISTINGS });
  let everListed = false;
  let opened: ServerListing | undefined;
  const invalidate = () => {
    for (const caller of callers.values()) caller.stale = true;
  };

  const relist = async (caller: CallerList, headers: Record<string, string>): Promise<readonly Tool[]> => {
    // Cleared before the request: a notification that lands while it runs marks the new list stale.
    caller.stale = false;
    try {
      if (!opened) {
        const { serverListing } = await loadListing();
        opened ??= serverListing({ url, server, prefix, timeoutMs, options, onListChanged: invalidate });
      }
      keepListing(caller, await opened.list(headers), ttlMs, Date.now());
      everListed = true;
    } catch (error) {
      // The listing's words have the headers cut out already; the rest of a secret's shapes here.
      const said = redactSecrets(error instanceof Error ? error.message : String(error));
      console.warn(`[callable-flows] ${said}: this turn goes on without its tools`);
      caller.stale = true;
    }
    return caller.list ?? NONE;
  };

  const toolsFor = (headers: Record<string, string>): readonly Tool[] | Promise<readonly Tool[]> => {
    const key = headersKey(headers);
    const caller = callers.get(key) ?? { listedAt: 0, ttlMs, stale: false };
    if (!callers.has(key)) callers.set(key, caller);
    const fresh = freshList(caller, Date.now());
    if (fresh) return fresh;
    if (!caller.listing) {
      const listing = relist(caller, headers).finally(() => {
        if (caller.listing === listing) caller.listing = undefined;
      });
      caller.listing = listing;
    }
    return caller.listing;
  };

  return {
    kind: 'tool-source',
    name: server,
    // Fixed headers (or none) are everyone's: no promise on a warm turn.
    tools: (context: ActionContext) =>
      typeof options.headers === 'function'
        ? headersFor(options.headers, context).then(toolsFor)
        : toolsFor(options.headers ?? {}),
    get listed() {
      return everListed;
    },
    invalidate,
    close: async () => {
      await opened?.close();
    },
  };
}
