import type { PresentedInput } from '@callable-flows/protocol';
import type { Model } from '../model/index.js';
import type { ActionContext, Approvers, PresentContext } from '../tools/index.js';

/** What an MCP server says about one of its tools (its `tools/list` entry), as `allow` and `approval` see it. */
export interface McpToolInfo {
  /** The server's name for the tool (without the source's `prefix`). */
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  /** Hints only: a server may say anything. The kit trusts `readOnlyHint` only with `trustReadOnlyHints`. */
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
}

/** HTTP headers sent with every request to the server: fixed, or made from the caller's context. */
export type McpHeaders =
  | Record<string, string>
  | ((context: ActionContext) => Record<string, string> | Promise<Record<string, string>>);

/**
 * How the kit answers a server's request to sample a model (`sampling/createMessage`): through
 * `model`, the server's messages as the kit's, its `maxTokens` capped at `maxTokens`. A tool
 * can't reach the agent's own model, so the app names one (it may be the same).
 */
export interface McpSamplingOptions {
  model: Model;
  /** The most tokens one sampling may ask for, whatever the server says. Default 1024. */
  maxTokens?: number;
}

/** Options of {@link mcpTools}. */
export interface McpToolsOptions {
  /** The server's Streamable HTTP endpoint (`https://tools.example.com/mcp`). */
  url: string | URL;
  /** Names the server in the tools' interrupt metadata, errors and logs. Default: the URL's host. */
  name?: string;
  /** Put before each tool's name (`crm_` makes `crm_search`): keeps two servers' tools apart. Default none. */
  prefix?: string;
  /**
   * Sent with every request. A function gets the caller's context (`ctx.context`, what the flow
   * passes down): `(ctx) => ({ authorization: \`Bearer ${ctx.token}\` })`. The values are never
   * logged, stored or traced, and are cut out of every error the kit makes of a failure.
   */
  headers?: McpHeaders;
  /** The server's tools the agent may use: names, or a predicate. Default all. */
  allow?: readonly string[] | ((tool: McpToolInfo) => boolean);
  /**
   * Calls a person approves before they run: `true` (every call), names, or a predicate of the
   * tool and the call's input. Such a call interrupts (`ctx.interrupt`) and runs once approved.
   */
  approval?: boolean | readonly string[] | ((tool: McpToolInfo, input: Record<string, unknown>) => boolean);
  /**
   * The words of an approval's interrupt (`title`, `summary`, `consequence`, … as an approval
   * card reads them), over the defaults made from the server's description of the tool.
   */
  approvalMetadata?: (tool: McpToolInfo, input: Record<string, unknown>) => Record<string, unknown>;
  /**
   * How an approval shows the call's arguments to the person who approves it (the kit's
   * `presentInput`: labelled fields, each marking whose words it holds). Default: the arguments
   * themselves, every one the model's.
   */
  presentInput?: (tool: McpToolInfo, input: Record<string, unknown>, context: PresentContext) => PresentedInput;
  /**
   * Who may answer the approvals `approval` asks for (the kit's {@link Approvers}: `'owner'`, the
   * default, or e.g. `approversWithClaim('manager')`, whose calls wait in the approvals inbox).
   */
  approvers?: Approvers;
  /** How long one call may run (the kit's tool timeout). Default 30 s. */
  timeoutMs?: number;
  /** How long a listing is used before the next use lists again. Default 5 minutes; `Infinity`: until `list_changed`. */
  listTtlMs?: number;
  /**
   * A tool whose annotations say `readOnlyHint: true` is treated as pure (`sideEffects: 'none'`:
   * its result rides along with the next write) instead of as a tool with effects. Off by default:
   * a hint is the server's word, not a guarantee.
   */
  trustReadOnlyHints?: boolean;
  /**
   * Answers a server's sampling requests through a model. Off by default: a server that asks to
   * sample fails the call (`unimplemented`), since a sample spends the app's tokens on the
   * server's words.
   */
  sampling?: McpSamplingOptions;
}

/** The default of `listTtlMs`. */
export const DEFAULT_MCP_LIST_TTL_MS = 5 * 60_000;

/**
 * The `_meta` key of every `tools/call` the kit sends: the kit's ref of the call, the same on every
 * attempt of it (a retry, a resume, the server's continuation), so a server can apply a call's
 * effect once (an MCP call is journaled as it finishes: an instance that dies mid-call runs it again).
 */
export const MCP_CALL_REF_META = 'callable-flows/callRef';
