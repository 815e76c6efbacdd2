import type { Tool as SdkTool } from '@modelcontextprotocol/sdk/types.js';
import { KitError } from '../errors/index.js';
import type { ToolDefinition } from '../model/index.js';
import { redactSecrets } from '../redact/index.js';
import {
  type ActionContext,
  makeTool,
  type PresentInput,
  type Tool,
  type ToolContext,
  type ToolResult,
} from '../tools/index.js';
import type { McpConnection } from './mcp-connection.js';
import type { McpHeaders, McpToolInfo, McpToolsOptions } from './mcp-options.js';
import { textOfResult, toToolResult } from './mcp-result.js';
import type { McpSdk } from './mcp-sdk.js';

/** The server and options every tool of one source shares. */
export interface McpToolScope {
  server: string;
  connection: McpConnection;
  options: McpToolsOptions;
  timeoutMs: number;
  sdk: McpSdk;
  /** One validator for the source's tools (an ajv instance is costly to make; its schemas compile per tool). */
  validator: InstanceType<McpSdk['AjvJsonSchemaValidator']>;
}

const MIN_SECRET_LENGTH = 8;

/** The headers of a request, made from the caller's context when they are a function. */
export async function headersFor(
  headers: McpHeaders | undefined,
  context: ActionContext,
): Promise<Record<string, string>> {
  if (!headers) return {};
  return typeof headers === 'function' ? await headers(context) : headers;
}

/** `message` without the values of `headers`: a server's error may quote the token it refused. */
export function withoutHeaders(message: string, headers: Record<string, string>): string {
  const secrets = Object.values(headers).filter((value) => value.length >= MIN_SECRET_LENGTH);
  // The bearer part on its own too: a server may quote the token without its scheme.
  for (const value of [...secrets]) {
    const token = /^\S+\s+(\S{8,})$/.exec(value)?.[1];
    if (token) secrets.push(token);
  }
  return secrets.length ? redactSecrets(message, secrets) : message;
}

/** The server's tool as the app's predicates see it. */
export function toolInfo(tool: SdkTool): McpToolInfo {
  const info: McpToolInfo = { name: tool.name, inputSchema: tool.inputSchema as Record<string, unknown> };
  if (tool.title !== undefined) info.title = tool.title;
  if (tool.description !== undefined) info.description = tool.description;
  if (tool.outputSchema) info.outputSchema = tool.outputSchema as Record<string, unknown>;
  if (tool.annotations) info.annotations = tool.annotations;
  return info;
}

function needsApproval(
  approval: McpToolsOptions['approval'],
  info: McpToolInfo,
  input: Record<string, unknown>,
): boolean {
  if (approval === undefined || approval === false) return false;
  if (approval === true) return true;
  if (typeof approval === 'function') return approval(info, input);
  return approval.includes(info.name);
}

const SUMMARY_CHARS = 400;

/** A tool's description as a card's summary: its first paragraph, cut short (a description written for a model may run to pages). */
function cardSummary(description: string | undefined): string | undefined {
  const first = description
    ?.trim()
    .split(/\n\s*\n/)[0]
    ?.trim();
  if (!first) return undefined;
  return first.length > SUMMARY_CHARS ? `${first.slice(0, SUMMARY_CHARS - 1).trimEnd()}…` : first;
}

/**
 * What an approval's interrupt says: the card's words (an approval card reads `title`, `summary`,
 * `consequence`) from the server's own description, the app's `approvalMetadata` over them, and
 * which call it is (`mcp`), which the app can't change.
 */
function approvalMetadata(
  scope: McpToolScope,
  info: McpToolInfo,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const words: Record<string, unknown> = {
    title: `Allow ${info.title ?? info.annotations?.title ?? info.name} on ${scope.server}?`,
  };
  const summary = cardSummary(info.description);
  if (summary) words.summary = summary;
  if (info.annotations?.destructiveHint) words.consequence = `This may change or delete data on ${scope.server}.`;
  const call = {
    server: scope.server,
    tool: info.name,
    ...(info.annotations ? { annotations: info.annotations } : {}),
  };
  return { ...words, ...scope.options.approvalMetadata?.(info, input), mcp: call };
}

/** A failure of a call as the kit's error: the model is told it (redacted), the turn goes on. */
function callFailure(
  scope: McpToolScope,
  info: McpToolInfo,
  error: unknown,
  headers: Record<string, string>,
): KitError {
  const said = withoutHeaders(error instanceof Error ? error.message : String(error), headers);
  const where = `tool '${info.name}' of MCP server '${scope.server}'`;
  if (error instanceof scope.sdk.McpError && error.code !== -32000) {
    // The SDK's words repeat its prefix ("MCP error -32602: MCP error -32602: …"): the code is said once.
    const words = `${said.replace(/^(MCP error -?\d+: )+/, '')} (JSON-RPC ${error.code})`;
    // -32001: the SDK's own limit, a backstop a little after the kit's (it fires first, unless it can't).
    if (error.code === -32001) return new KitError('deadline-exceeded', `${where} timed out: ${words}`);
    // -32602: the server refused the arguments (the model can fix them).
    return new KitError(error.code === -32602 ? 'invalid-argument' : 'unknown', `${where} refused the call: ${words}`);
  }
  return new KitError('unavailable', `${where} could not be reached: ${said}`);
}

/** The kit tool's `presentInput` for the server's tool `info`: the app's, when it gives one (the default shows the arguments). */
function presenterOf(present: McpToolsOptions['presentInput'], info: McpToolInfo): { presentInput?: PresentInput } {
  if (!present) return {};
  return { presentInput: (input, context) => present(info, (input ?? {}) as Record<string, unknown>, context) };
}

/**
 * One of the server's tools as a kit tool: the input checked against the tool's JSON Schema
 * (the SDK's ajv validator) before anything is sent, approval asked through the kit's own
 * interrupt, the result mapped to an output and parts. A call may have effects, so it is
 * journaled as `idempotent` (committed as it finishes, never run again by a retry) unless the
 * app trusts the server's `readOnlyHint`.
 */
export function toKitTool(tool: SdkTool, name: string, scope: McpToolScope): Tool {
  const info = toolInfo(tool);
  const validator = scope.validator.getValidator<Record<string, unknown>>(tool.inputSchema as never);
  const readOnly = scope.options.trustReadOnlyHints === true && tool.annotations?.readOnlyHint === true;
  const description = tool.description ?? tool.title ?? tool.annotations?.title ?? '';
  const definition: ToolDefinition = { name, description, inputSchema: info.inputSchema };
  if (info.outputSchema) definition.outputSchema = info.outputSchema;
  const body = async (input: unknown, ctx: ToolContext): Promise<ToolResult> => {
    const args = input ?? {};
    const checked = validator(args);
    if (!checked.valid) throw new KitError('invalid-argument', `input for tool '${name}': ${checked.errorMessage}`);
    if (ctx.resumed === undefined && needsApproval(scope.options.approval, info, checked.data)) {
      ctx.interrupt(approvalMetadata(scope, info, checked.data));
    }
    const headers = await headersFor(scope.options.headers, ctx.context);
    let result: Awaited<ReturnType<McpConnection['callTool']>>;
    try {
      result = await scope.connection.callTool(info.name, checked.data, headers, ctx.signal, scope.timeoutMs, ctx.ref);
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      throw callFailure(scope, info, error, headers);
    }
    if (result.isError) {
      const said = withoutHeaders(textOfResult(result) || 'the tool reported an error', headers);
      throw new KitError('unknown', `tool '${info.name}' of MCP server '${scope.server}' failed: ${said}`);
    }
    return toToolResult(result);
  };
  return makeTool(
    {
      name,
      description,
      multipart: true,
      timeoutMs: scope.timeoutMs,
      sideEffects: readOnly ? 'none' : 'idempotent',
      // A client approves or declines a call; it never supplies what a server's tool returned.
      answerable: false,
      ...(scope.options.approvers === undefined ? {} : { approvers: scope.options.approvers }),
      ...presenterOf(scope.options.presentInput, info),
      metadata: { mcp: { server: scope.server, tool: info.name } },
    },
    body,
    true,
    definition,
  );
}
