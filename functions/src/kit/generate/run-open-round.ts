import { callStateOf, clearStamps, recordedResponse, stampInterrupt, stampPendingOutput } from '../call-state/index.js';
import type { Message, ToolRequestPart, ToolResponsePart } from '../model/index.js';
import type { RefToolRequestPart } from './assign-refs.js';
import { executeToolCall, type ToolCallScope } from './execute-tool-call.js';
import type { ToolResultStep } from './generate-options.js';
import { lookupTool } from './to-tool-map.js';

/** How a round ended: every call answered (a tool message), or some waiting for a person. */
export type ResolvedRound =
  | { message: Message; toolMessage: Message; interruptedMessage?: undefined; interrupts?: undefined }
  | { message: Message; interruptedMessage: Message; interrupts: ToolRequestPart[]; toolMessage?: undefined };

/** What a round runs with besides its tools. */
export interface RoundHooks {
  /** Streams a response the moment its call has one. */
  onResponse?: ((response: ToolResponsePart) => void) | undefined;
  /** Journals a call's result before the round goes on (awaited). */
  onToolResult?: ((step: ToolResultStep) => void | Promise<void>) | undefined;
}

type Settled = { part: ToolRequestPart; response?: ToolResponsePart };

/** A call's response, streamed, as the round keeps it. */
function answered(part: ToolRequestPart, response: ToolResponsePart, hooks: RoundHooks): Settled {
  hooks.onResponse?.(response);
  return { part, response };
}

// Not async: a call that runs costs the tool's promise and the one `then` of executeToolCall.
function settleCall(part: ToolRequestPart, scope: ToolCallScope, hooks: RoundHooks): Promise<Settled> | Settled {
  const state = callStateOf(part);
  if (state.kind === 'waiting') return { part };
  const response = recordedResponse(part);
  if (response) {
    hooks.onResponse?.(response);
    return { part, response };
  }
  const resumed = state.kind === 'approved' ? state.resumed : undefined;
  const request = part as RefToolRequestPart;
  return executeToolCall(request, resumed, scope, (outcome): Settled | Promise<Settled> => {
    // A restarted call that asks again waits again, as a new interrupt.
    if (outcome.interrupt !== undefined) return { part: stampInterrupt(part, outcome.interrupt) };
    const response = outcome.response;
    const journaled = hooks.onToolResult?.({
      request,
      response,
      tool: lookupTool(scope.tools, request.toolRequest.name),
    });
    if (journaled) return Promise.resolve(journaled).then(() => answered(part, response, hooks));
    return answered(part, response, hooks);
  });
}

/**
 * Settles the open round `message` holds, in parallel: a recorded response is reused, an
 * approved or unanswered call runs (as resumed, or fresh), a call waiting for a person waits.
 * The round waits for every call before a failure ends it, so what finished is journaled.
 * With nothing waiting, the responses form the tool message, in request order; otherwise the
 * message comes back stamped: waiting calls carry `interrupt`, answered ones `pendingOutput`.
 */
export async function runOpenRound(
  message: Message,
  scope: ToolCallScope,
  hooks: RoundHooks = {},
): Promise<ResolvedRound> {
  const settled = await Promise.allSettled(
    message.content.map((part) => {
      if (!('toolRequest' in part)) return undefined;
      try {
        return settleCall(part, scope, hooks);
      } catch (error) {
        // Fails this call only: the round still waits for the others.
        return Promise.reject(error);
      }
    }),
  );
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  // One pass, plain loops: a round runs per model call, and flatMap's one-element arrays add up.
  const calls: (Settled | undefined)[] = new Array(settled.length);
  const interrupts: ToolRequestPart[] = [];
  const responses: ToolResponsePart[] = [];
  for (let i = 0; i < settled.length; i++) {
    const call = (settled[i] as PromiseFulfilledResult<Settled | undefined>).value;
    calls[i] = call;
    if (!call) continue;
    if (call.response) responses.push(call.response);
    else interrupts.push(call.part);
  }
  if (interrupts.length) {
    const content = message.content.map((part, i) => {
      const call = calls[i];
      if (!call) return part;
      return call.response ? stampPendingOutput(call.part, call.response) : call.part;
    });
    const interruptedMessage = { ...message, content };
    return { message: interruptedMessage, interruptedMessage, interrupts };
  }
  const content = message.content.map((part, i) => {
    const call = calls[i];
    if (!call) return part;
    return call.part === part && !part.metadata ? part : clearStamps(call.part);
  });
  return { message: { ...message, content }, toolMessage: { role: 'tool', content: responses } };
}
