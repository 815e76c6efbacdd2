import { isDeepStrictEqual } from 'node:util';
import { answerOf, asWaiting, callStateOf, stampAnswer, stampApproved } from '../call-state/index.js';
import { fromZodError, KitError } from '../errors/index.js';
import { type Message, type ToolRequestPart, type ToolResponsePart, toolRequestsOf } from '../model/index.js';
import type { Tool } from '../tools/index.js';
import type { ResumeOptions } from './generate-options.js';
import { lookupTool } from './to-tool-map.js';

/** One reply of a resume, whichever kind. */
type Reply = { field: string; name: string; ref: string | undefined } & (
  | { kind: 'respond'; response: ToolResponsePart }
  | { kind: 'restart'; restart: ToolRequestPart }
  | { kind: 'decline'; reason: string | undefined }
);

const key = (name: string, ref: string | undefined): string => `${name}\u0000${ref ?? ''}`;

function repliesOf(resume: ResumeOptions): Reply[] {
  return [
    ...(resume.respond ?? []).map((response, i): Reply => {
      const { name, ref } = response.toolResponse;
      return { kind: 'respond', field: `resume.respond.${i}`, name, ref, response };
    }),
    ...(resume.restart ?? []).map((restart, i): Reply => {
      const { name, ref } = restart.toolRequest;
      return { kind: 'restart', field: `resume.restart.${i}`, name, ref, restart };
    }),
    ...(resume.decline ?? []).map(
      ({ name, ref, reason }, i): Reply => ({
        kind: 'decline',
        field: `resume.decline.${i}`,
        name,
        ref,
        reason: reason || undefined,
      }),
    ),
  ];
}

function toolOf(tools: ReadonlyMap<string, Tool>, reply: Reply): Tool {
  const tool = lookupTool(tools, reply.name);
  if (!tool) {
    throw new KitError('invalid-argument', `tool '${reply.name}' is not available to answer`, {
      reason: 'UNKNOWN_REF',
      details: { name: reply.name, ref: reply.ref },
    });
  }
  return tool;
}

/** The answer the reply stands for, checked against the tool's schemas, as it will be stored. */
function answered(part: ToolRequestPart, reply: Reply, tool: Tool): ToolRequestPart {
  const where = `'${reply.name}' (ref '${reply.ref}')`;
  if (reply.kind === 'decline') return stampAnswer(part, tool.decline(part, reply.reason));
  if (reply.kind === 'respond') {
    const parsed = tool.config.outputSchema?.safeParse(reply.response.toolResponse.output);
    if (parsed && !parsed.success) throw fromZodError(parsed.error, `response to ${where}`);
    // What goes into history is the checked value: keys the schema strips never get stored.
    const output = parsed ? parsed.data : reply.response.toolResponse.output;
    return stampAnswer(part, { ...reply.response, toolResponse: { ...reply.response.toolResponse, output } });
  }
  if (!tool.restartable) {
    throw new KitError('invalid-argument', `'${reply.name}' is an interrupt with nothing to run again: respond to it`, {
      details: { name: reply.name, ref: reply.ref },
    });
  }
  const parsed = tool.config.inputSchema?.safeParse(reply.restart.toolRequest.input);
  if (parsed && !parsed.success) throw fromZodError(parsed.error, `input to restart ${where}`);
  const input = parsed ? parsed.data : reply.restart.toolRequest.input;
  return stampApproved(part, { ...reply.restart, toolRequest: { ...reply.restart.toolRequest, input } });
}

/** True when `stored` (already answered) carries the same answer as `candidate` would: a retried resume. */
function sameAnswer(stored: ToolRequestPart, candidate: ToolRequestPart): boolean {
  const a = callStateOf(stored);
  const b = callStateOf(candidate);
  const answer = answerOf(a);
  if (answer !== answerOf(b)) return false;
  if (answer === 'restart') return isDeepStrictEqual(stored.toolRequest.input, candidate.toolRequest.input);
  if (a.kind === 'declined' && b.kind === 'declined') {
    return isDeepStrictEqual(a.output, b.output) && isDeepStrictEqual(a.declined, b.declined);
  }
  return a.kind === 'answered' && b.kind === 'answered' && isDeepStrictEqual(a.output, b.output);
}

/**
 * Journals a person's answers on the open round that `message` holds: each reply names a call
 * by tool name and ref; a waiting call takes its answer (respond and decline record the
 * response, restart records the approval and any `replaceInput` as the tool's schema parsed
 * it). An answer once given is final: the same answer again is a no-op (a retried resume), a
 * different one is `failed-precondition` (`ALREADY_ANSWERED`). Nothing runs here.
 */
export function applyResume(message: Message, resume: ResumeOptions, tools: ReadonlyMap<string, Tool>): Message {
  const byKey = new Map<string, number>();
  message.content.forEach((part, i) => {
    if ('toolRequest' in part) byKey.set(key(part.toolRequest.name, part.toolRequest.ref), i);
  });
  const content = message.content.slice();
  const seen = new Set<string>();
  for (const reply of repliesOf(resume)) {
    const k = key(reply.name, reply.ref);
    const at = byKey.get(k);
    if (at === undefined) {
      throw new KitError('invalid-argument', `no pending interrupt of tool '${reply.name}' with ref '${reply.ref}'`, {
        reason: 'UNKNOWN_REF',
        details: { name: reply.name, ref: reply.ref },
      });
    }
    if (seen.has(k)) {
      // The request alone is wrong: refused by the field that answers a second time, before anything is written.
      const field = `${reply.field}.ref`;
      throw new KitError(
        'invalid-argument',
        `${field}: answers the interrupt of '${reply.name}' (ref '${reply.ref}') a second time`,
        {
          reason: 'INVALID_FIELD',
          details: { name: reply.name, ref: reply.ref, field },
        },
      );
    }
    seen.add(k);
    const part = content[at] as ToolRequestPart;
    const state = callStateOf(part).kind;
    if (state === 'waiting') {
      content[at] = answered(part, reply, toolOf(tools, reply));
      continue;
    }
    const retried = state !== 'open' && sameAnswer(part, answered(asWaiting(part), reply, toolOf(tools, reply)));
    if (!retried) {
      throw new KitError(
        'failed-precondition',
        `the call of '${reply.name}' (ref '${reply.ref}') was already answered; an answer is final`,
        { reason: 'ALREADY_ANSWERED', details: { name: reply.name, ref: reply.ref } },
      );
    }
  }
  return { ...message, content };
}

/** True when `message` is a model message whose tool requests still await responses (an open round). */
export function isOpenRound(message: Message | undefined): message is Message {
  return message?.role === 'model' && toolRequestsOf(message).length > 0;
}
