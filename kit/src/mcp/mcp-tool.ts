import type { CallToolResult, Tool as SdkTool } from '@modelcontextprotocol/client';
import { KitError } from '../errors/index.js';
import type { ToolDefinition } from '../model/index.js';
import {
  makeTool,
  type PresentInput,
  type Tool,
  type ToolConfig,
  type ToolContext,
  type ToolResult,
} from '../tools/index.js';
import type { McpCallAnswer, McpCallRetry, McpConnection } from './mcp-connection.js';
import { headersFor, withoutHeaders } from './mcp-headers.js';
import type { McpToolInfo, McpToolsOptions } from './mcp-options.js';
import {
  keptQuestion,
  MAX_OWN_ROUNDS,
  type McpAnswer,
  type McpFormCheck,
  type McpKeptQuestion,
  questionOf,
  readAnswer,
  retryOf,
} from './mcp-question.js';
import { textOfResult, toToolResult } from './mcp-result.js';
import type { McpSampler } from './mcp-sampling.js';
import type { McpSdk } from './mcp-sdk.js';

/** The server and options every tool of one source shares. */
export interface McpToolScope {
  server: string;
  /** The connection for a caller's headers (calls with equal headers share one). */
  connectionFor(headers: Record<string, string>): McpConnection;
  options: McpToolsOptions;
  timeoutMs: number;
  sdk: McpSdk;
  /** Answers a server's sampling requests (the source's `sampling` option), when it is on. */
  sample: McpSampler | undefined;
  /** One validator for the source's tools (an ajv instance is costly to make; its schemas compile per tool). */
  validator: InstanceType<McpSdk['AjvJsonSchemaValidator']>;
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
  const { sdk } = scope;
  // The SDK's own limit, a backstop a little after the kit's (it fires first, unless it can't).
  if (error instanceof sdk.SdkError && error.code === sdk.SdkErrorCode.RequestTimeout) {
    return new KitError('deadline-exceeded', `${where} timed out: ${said}`);
  }
  // The server answered, but not as the protocol says (a result of no known shape).
  if (error instanceof sdk.SdkError && error.code === sdk.SdkErrorCode.InvalidResult) {
    return new KitError('unknown', `${where} answered with an invalid result: ${said}`);
  }
  if (error instanceof sdk.ProtocolError) {
    // The SDK's words may repeat its prefix ("MCP error -32602: MCP error -32602: …"): the code is said once.
    const words = `${said.replace(/^(MCP error -?\d+: )+/, '')} (JSON-RPC ${error.code})`;
    // -32602: the server refused the arguments (the model can fix them); -32021: it needs a
    // capability the source doesn't offer (sampling, when its option is off).
    const code = error.code === -32602 ? 'invalid-argument' : error.code === -32021 ? 'unimplemented' : 'unknown';
    return new KitError(code, `${where} refused the call: ${words}`);
  }
  return new KitError('unavailable', `${where} could not be reached: ${said}`);
}

/** The kit tool's `presentInput` for the server's tool `info`: the app's, when it gives one (the default shows the arguments). */
function presenterOf(present: McpToolsOptions['presentInput'], info: McpToolInfo): { presentInput?: PresentInput } {
  if (!present) return {};
  return { presentInput: (input, context) => present(info, (input ?? {}) as Record<string, unknown>, context) };
}

/** The card of a server's question: its words and what it asks (a form's schema, or a URL), and which call it is. */
function questionMetadata(
  scope: McpToolScope,
  info: McpToolInfo,
  question: McpKeptQuestion['mcpQuestion'],
): Record<string, unknown> {
  const { elicitation } = question;
  return {
    title: `${scope.server} asks`,
    summary: elicitation.message,
    // The card's button sends an answer, it approves nothing: a form's content, or "I went to the URL".
    approveLabel: elicitation.mode === 'url' ? 'Continue' : 'Send',
    elicitation,
    mcp: { server: scope.server, tool: info.name },
  };
}

/**
 * The kit tool's `ownQuestion`: a call that kept a server's question reads a person's answer to
 * it (`readAnswer`), the form checked against the schema the server asked with.
 */
function ownQuestionOf(scope: McpToolScope): NonNullable<ToolConfig<never, never>['ownQuestion']> {
  const check: McpFormCheck = (schema, content) => {
    const checked = scope.validator.getValidator<Record<string, unknown>>(schema as never)(content);
    return checked.valid ? undefined : (checked.errorMessage ?? 'the form does not fit what was asked');
  };
  return (kept) => {
    const question = keptQuestion(kept);
    return question && ((answer) => readAnswer(question, answer, check));
  };
}

/**
 * The call's answer from the server: a question for a person ends it as an interrupt (the
 * server's state kept with the waiting call), questions the kit answers itself are answered.
 */
async function callUntilAnswered(
  scope: McpToolScope,
  info: McpToolInfo,
  args: Record<string, unknown>,
  ctx: ToolContext,
  headers: Record<string, string>,
  first: McpCallRetry | undefined,
): Promise<CallToolResult> {
  const where = `tool '${info.name}' of MCP server '${scope.server}'`;
  let retry = first;
  for (let round = 0; ; round++) {
    let answer: McpCallAnswer;
    try {
      const connection = scope.connectionFor(headers);
      answer = await connection.callTool(info.name, args, ctx.signal, scope.timeoutMs, ctx.ref, retry);
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      throw callFailure(scope, info, error, headers);
    }
    if (!scope.sdk.isInputRequiredResult(answer)) return answer;
    if (round >= MAX_OWN_ROUNDS) throw new KitError('aborted', `${where} kept asking for input the kit answers itself`);
    const question = await questionOf(answer, {
      where,
      signal: ctx.signal,
      ...(scope.sample ? { sample: scope.sample } : {}),
    });
    if ('ask' in question) {
      ctx.interrupt(questionMetadata(scope, info, question.ask), { keep: { mcpQuestion: question.ask } });
    }
    retry = question.retry;
  }
}

/**
 * One of the server's tools as a kit tool: the input checked against the tool's JSON Schema
 * (the SDK's ajv validator) before anything is sent, approval asked through the kit's own
 * interrupt, a server's question (2026-07-28 `input_required`) asked as one too, the result
 * mapped to an output and parts. A call may have effects, so it is journaled as `idempotent`
 * (committed as it finishes, never run again by a retry) unless the app trusts the server's
 * `readOnlyHint`.
 */
export function toKitTool(tool: SdkTool, name: string, scope: McpToolScope): Tool {
  const info = toolInfo(tool);
  const validator = scope.validator.getValidator<Record<string, unknown>>(tool.inputSchema as never);
  const readOnly = scope.options.trustReadOnlyHints === true && tool.annotations?.readOnlyHint === true;
  const description = tool.description ?? tool.title ?? tool.annotations?.title ?? '';
  const definition: ToolDefinition = { name, description, inputSchema: info.inputSchema };
  if (info.outputSchema) definition.outputSchema = info.outputSchema;
  const body = async (input: unknown, ctx: ToolContext): Promise<ToolResult> => {
    const checked = validator(input ?? {});
    if (!checked.valid) throw new KitError('invalid-argument', `input for tool '${name}': ${checked.errorMessage}`);
    // A call resumed on the server's question runs with the person's answer, as the kit read it (ownQuestion).
    const question = ctx.resumed === undefined ? undefined : keptQuestion(ctx.kept);
    const retry = question ? retryOf(question, ctx.resumed as McpAnswer) : undefined;
    if (ctx.resumed === undefined && needsApproval(scope.options.approval, info, checked.data)) {
      ctx.interrupt(approvalMetadata(scope, info, checked.data));
    }
    const headers = await headersFor(scope.options.headers, ctx.context);
    const result = await callUntilAnswered(scope, info, checked.data, ctx, headers, retry);
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
      // A client approves or declines a call, and answers the server's question (respond, decline);
      // it never supplies what a server's tool returned.
      answerable: false,
      ownQuestion: ownQuestionOf(scope),
      ...(scope.options.approvers === undefined ? {} : { approvers: scope.options.approvers }),
      ...presenterOf(scope.options.presentInput, info),
      metadata: { mcp: { server: scope.server, tool: info.name } },
    },
    body,
    true,
    definition,
  );
}
