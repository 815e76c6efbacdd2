import { fromZodError, KitError } from '../errors/index.js';
import { type Message, type ToolRequestPart, type ToolResponsePart, toolRequestsOf } from '../model/index.js';
import type { RefToolRequestPart } from './assign-refs.js';
import { executeToolCall, type ToolCallScope } from './execute-tool-call.js';
import type { ResumeOptions } from './generate-options.js';
import {
  clearStamps,
  hasPendingOutput,
  isInterrupted,
  pendingResponse,
  stampInterrupt,
  stampPendingOutput,
  stampResolved,
} from './interrupt-stamps.js';
import type { ResolvedRound } from './resolve-tool-requests.js';
import { lookupTool } from './to-tool-map.js';

type Reply = { respond: ToolResponsePart; restart?: undefined } | { restart: ToolRequestPart; respond?: undefined };

const key = (name: string, ref: string | undefined): string => `${name}\u0000${ref ?? ''}`;

/** The interrupted model message a resume applies to, or `failed-precondition`. */
function interruptedMessageOf(messages: readonly Message[]): Message {
  const last = messages.at(-1);
  const requests = toolRequestsOf(last);
  if (last?.role !== 'model' || !requests.some(isInterrupted)) {
    throw new KitError(
      'failed-precondition',
      'nothing to resume: the conversation does not end with an interrupted model message',
    );
  }
  const unstamped = requests.find((p) => !isInterrupted(p) && !hasPendingOutput(p));
  if (unstamped) {
    throw new KitError(
      'failed-precondition',
      `cannot resume: tool request '${unstamped.toolRequest.name}' (ref ${unstamped.toolRequest.ref}) has neither an interrupt nor a pending output`,
    );
  }
  return last;
}

/** Matches every reply to a pending interrupt by name and ref, checking it before anything runs. */
function matchReplies(message: Message, resume: ResumeOptions, scope: ToolCallScope): Map<string, Reply> {
  const pending = new Set(
    toolRequestsOf(message)
      .filter(isInterrupted)
      .map((p) => key(p.toolRequest.name, p.toolRequest.ref)),
  );
  const replies = new Map<string, Reply>();
  const claim = (name: string, ref: string | undefined, reply: Reply): void => {
    const k = key(name, ref);
    if (!pending.has(k)) {
      throw new KitError('invalid-argument', `no pending interrupt of tool '${name}' with ref '${ref}'`, {
        details: { name, ref },
      });
    }
    if (replies.has(k)) {
      throw new KitError('invalid-argument', `the interrupt of '${name}' (ref '${ref}') is answered twice`, {
        details: { name, ref },
      });
    }
    replies.set(k, reply);
  };
  for (const respond of resume.respond ?? []) {
    const { name, ref, output } = respond.toolResponse;
    const tool = lookupTool(scope.tools, name);
    const schema = tool?.config.outputSchema;
    const parsed = schema?.safeParse(output);
    if (parsed && !parsed.success) throw fromZodError(parsed.error, `response to '${name}' (ref '${ref}')`);
    // What goes into history is the checked value: keys the schema strips never get stored.
    const checked = parsed ? { ...respond, toolResponse: { ...respond.toolResponse, output: parsed.data } } : respond;
    claim(name, ref, { respond: checked });
    if (!tool)
      throw new KitError('invalid-argument', `tool '${name}' is not available to answer`, { details: { name, ref } });
  }
  for (const restart of resume.restart ?? []) {
    const { name, ref, input } = restart.toolRequest;
    claim(name, ref, { restart });
    const tool = lookupTool(scope.tools, name);
    if (!tool)
      throw new KitError('invalid-argument', `tool '${name}' is not available to restart`, { details: { name, ref } });
    if (!tool.restartable) {
      throw new KitError('invalid-argument', `'${name}' is an interrupt with nothing to run again: respond to it`, {
        details: { name, ref },
      });
    }
    const schema = tool.config.inputSchema;
    const parsed = schema?.safeParse(input);
    if (parsed && !parsed.success) throw fromZodError(parsed.error, `input to restart '${name}' (ref '${ref}')`);
  }
  return replies;
}

type Settled = { part: ToolRequestPart; response?: ToolResponsePart };

async function settlePart(
  part: ToolRequestPart,
  reply: Reply | undefined,
  scope: ToolCallScope,
  onResponse: ((response: ToolResponsePart) => void) | undefined,
): Promise<Settled> {
  if (hasPendingOutput(part)) return { part: clearStamps(part), response: pendingResponse(part) };
  const interrupt = part.metadata?.interrupt;
  if (!reply) return { part };
  if (reply.respond) {
    onResponse?.(reply.respond);
    return { part: stampResolved(part, interrupt), response: reply.respond };
  }
  const resumed = (reply.restart.metadata?.resumed as Record<string, unknown> | true | undefined) ?? true;
  // History records how the call was resumed (and any input it replaced) beside the original stamps.
  const rerun = {
    toolRequest: { ...part.toolRequest, input: reply.restart.toolRequest.input },
    metadata: { ...part.metadata, ...reply.restart.metadata, resumed },
  };
  const outcome = await executeToolCall(rerun as RefToolRequestPart, resumed, scope);
  if (outcome.interrupt !== undefined) return { part: stampInterrupt(rerun, outcome.interrupt) };
  onResponse?.(outcome.response);
  return { part: stampResolved(rerun, interrupt), response: outcome.response };
}

/**
 * Applies a resume to the interrupted turn that ends `messages`, before any model call, in
 * the order of the tools chapter: pending outputs, then answers, then restarts. Interrupts
 * left unanswered (or a restart that interrupts again) keep the turn interrupted, and the
 * answers given so far wait as pending outputs.
 */
export async function resolveResumeOption(
  messages: readonly Message[],
  resume: ResumeOptions,
  scope: ToolCallScope,
  onResponse?: (response: ToolResponsePart) => void,
): Promise<ResolvedRound & { message: Message }> {
  const message = interruptedMessageOf(messages);
  const replies = matchReplies(message, resume, scope);
  const settled = await Promise.all(
    message.content.map((part) => {
      if (!('toolRequest' in part)) return undefined;
      return settlePart(part, replies.get(key(part.toolRequest.name, part.toolRequest.ref)), scope, onResponse);
    }),
  );

  const interrupts = settled.flatMap((s) => (s && isInterrupted(s.part) ? [s.part] : []));
  if (interrupts.length) {
    const content = message.content.map((part, i) => {
      const s = settled[i];
      if (!s) return part;
      return s.response ? stampPendingOutput(s.part, s.response) : s.part;
    });
    const interruptedMessage = { ...message, content };
    return { message: interruptedMessage, interruptedMessage, interrupts };
  }
  const content = message.content.map((part, i) => settled[i]?.part ?? part);
  const responses = settled.flatMap((s) => (s?.response ? [s.response] : []));
  return { message: { ...message, content }, toolMessage: { role: 'tool', content: responses } };
}
