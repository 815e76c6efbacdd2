import { isDeepStrictEqual } from 'node:util';
import type { AnsweredBy } from '@callable-flows/protocol';
import {
  answerOf,
  asWaiting,
  callStateOf,
  inputDigest,
  stampAnswer,
  stampAnsweredBy,
  stampApproved,
} from '../call-state/index.js';
import { fromZodError, isKitError, KitError } from '../errors/index.js';
import { type Message, type ToolRequestPart, type ToolResponsePart, toolRequestsOf } from '../model/index.js';
import { declineInterrupt, editInput, type Tool } from '../tools/index.js';
import { currentInputOf, toolChanged } from './current-input.js';
import type { ResumeReply } from './resume-reply.js';
import { lookupTool } from './to-tool-map.js';

// Every refusal of a resume's replies is raised here: a reply is matched to its call and
// checked against the tool's schemas once, before anything is written.

/** Where replies come from: a client may not supply the result of a tool that acts on the world. */
export interface ResumeAdmission {
  /** The whole history: a reply naming a call of an earlier, closed round is `ALREADY_ANSWERED`. */
  history?: readonly Message[];
  /**
   * The replies are a client's: `ANSWER_NOT_ALLOWED` for an output (`respond`) of a tool that is
   * neither a question (`defineInterrupt`) nor declares `answerable: true`, and for an edit (`replaceInput`) of fields its tool doesn't declare editable.
   */
  fromClient?: boolean;
  /**
   * Who answers (a person, through a client): stamped on every call they answer. (Who may repeat
   * an answer is decided before: an approver only their own, the owner any; see admitAnswerer.)
   */
  answeredBy?: AnsweredBy;
}

function refused(
  reply: ResumeReply,
  reason: 'UNKNOWN_REF' | 'ANSWER_NOT_ALLOWED',
  message: string,
  field?: string,
): KitError {
  const details = { name: reply.name, ref: reply.ref, ...(field === undefined ? {} : { field }) };
  return new KitError('invalid-argument', message, { reason, details });
}

/**
 * Refuses a reply sent for another input than the stored call's: the person was shown a call
 * that is no longer the one waiting (an older card, another tab's). Nothing is written.
 */
function assertDigest(part: ToolRequestPart, reply: ResumeReply): void {
  if (reply.inputDigest === undefined || reply.inputDigest === inputDigest(part.toolRequest.input)) return;
  throw new KitError(
    'failed-precondition',
    `the answer to '${reply.name}' (ref '${reply.ref}') was given for another input than the call now waiting: show it again`,
    { reason: 'APPROVAL_STALE', details: { name: reply.name, ref: reply.ref } },
  );
}

/**
 * The input a client's edit (`replaceInput`) of the stored call makes: merged over `base` (the
 * call's input as its tool reads it now) at the fields its tool declares editable, or refused
 * (`ANSWER_NOT_ALLOWED`, naming the field) when the tool declares none or the edit touches another.
 */
function editedInput(base: unknown, reply: ResumeReply & { kind: 'restart' }, tool: Tool): unknown {
  const field = `${reply.field}.replaceInput`;
  const editable = tool.config.editableInput;
  if (editable === undefined) {
    const words = `'${reply.name}' lets no one edit its input: approve the call as it is (restart without replaceInput) or decline it`;
    throw refused(reply, 'ANSWER_NOT_ALLOWED', words, field);
  }
  const outcome = editInput(editable, base, reply.replaceInput);
  if ('input' in outcome) return outcome.input;
  const { field: at, message } = outcome.refused;
  const where = at ? `${field}.${at}` : field;
  throw refused(reply, 'ANSWER_NOT_ALLOWED', `${where}: ${message}`, where);
}

/**
 * The refusal of a second answer to the call `ref`. Its details name the call as the wire always
 * has: by ref and name while its round is open, by ref alone once the round has closed.
 */
function alreadyAnswered(name: string, ref: string | undefined, round: 'open' | 'closed'): KitError {
  return new KitError(
    'failed-precondition',
    `the call of '${name}' (ref '${ref}') was already answered; an answer is final`,
    { reason: 'ALREADY_ANSWERED', details: round === 'open' ? { name, ref } : { ref } },
  );
}

/** True when `history` holds a call with `ref` (in a closed round, it has had its answer). */
function wasAsked(history: readonly Message[], ref: string | undefined): boolean {
  return ref !== undefined && history.some((m) => toolRequestsOf(m).some((p) => p.toolRequest.ref === ref));
}

/**
 * The refusal of a resume on a history with no open round: `ALREADY_ANSWERED` when a reply
 * names a call the history holds, `NOTHING_TO_RESUME` otherwise.
 */
export function nothingToResume(history: readonly Message[], sessionId: string, replies: ResumeReply[]): KitError {
  const answered = replies.find((reply) => wasAsked(history, reply.ref));
  if (answered) return alreadyAnswered(answered.name, answered.ref, 'closed');
  return new KitError('failed-precondition', `nothing to resume: session '${sessionId}' is not waiting for an answer`, {
    reason: 'NOTHING_TO_RESUME',
  });
}

/** The index of the call `reply` names in the open round, by ref (and name, for a call without one). */
function callOf(content: Message['content'], reply: ResumeReply, admission: ResumeAdmission): number {
  const at = content.findIndex(
    (p) =>
      'toolRequest' in p &&
      p.toolRequest.ref === reply.ref &&
      (reply.ref !== undefined || p.toolRequest.name === reply.name),
  );
  if (at >= 0) {
    const stored = (content[at] as ToolRequestPart).toolRequest.name;
    if (stored === reply.name) return at;
    throw refused(
      reply,
      'UNKNOWN_REF',
      `the interrupt with ref '${reply.ref}' is of tool '${stored}', not '${reply.name}'`,
    );
  }
  if (admission.history && wasAsked(admission.history, reply.ref))
    throw alreadyAnswered(reply.name, reply.ref, 'closed');
  throw refused(reply, 'UNKNOWN_REF', `no pending interrupt of tool '${reply.name}' with ref '${reply.ref}'`);
}

/**
 * The tool that answers `reply`, as deployed now. A tool gone since the call was asked (removed,
 * or renamed: no tool of the stored name) is `TOOL_CHANGED`, except for a decline, which runs
 * nothing (it is told in the standard words: no tool is left to word it otherwise), and for a call
 * answered already (undefined: its answer is final, whatever was deployed since).
 */
function toolOf(
  tools: ReadonlyMap<string, Tool>,
  reply: ResumeReply,
  admission: ResumeAdmission,
  waiting: boolean,
): Tool | undefined {
  const tool = lookupTool(tools, reply.name);
  if (!tool) {
    if (!waiting || reply.kind === 'decline') return undefined;
    throw toolChanged(reply.name, reply.ref);
  }
  if (reply.kind === 'respond' && admission.fromClient && !(tool.config.answerable ?? !tool.restartable)) {
    const words = `'${reply.name}' takes no answer from a client: approve it (restart) or decline it; only a question (defineInterrupt) or a tool with answerable: true takes a result`;
    throw refused(reply, 'ANSWER_NOT_ALLOWED', words);
  }
  if (reply.kind === 'restart' && !tool.restartable) {
    throw refused(
      reply,
      'ANSWER_NOT_ALLOWED',
      `'${reply.name}' is an interrupt with nothing to run again: respond to it`,
    );
  }
  return tool;
}

/** What the call `part` kept when it asked (`interrupt(…, { keep })`), until it runs again. */
function keptOf(part: ToolRequestPart): Record<string, unknown> | undefined {
  const kept = part.metadata?.keptState;
  return typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>) : undefined;
}

/**
 * The reply as the call `part` takes it. A call waiting on a question its tool reads itself
 * (`ownQuestion`: an MCP server's elicitation) takes a `respond` or a `decline` as the restart
 * that runs it again with the tool's reading of the answer (`own`: the tool's word, no longer a
 * client's; it names the person's kind of answer, which the call keeps as `answeredAs` for the
 * inbox), and no `restart`; every other reply is itself. The one place such a question counts as
 * a question: what follows sees a restart.
 */
function takenReply(part: ToolRequestPart, reply: ResumeReply, tool: Tool | undefined): OwnReply {
  const read = tool?.config.ownQuestion?.(keptOf(part));
  if (!read) return reply;
  const { name, ref, field } = reply;
  if (reply.kind === 'restart') {
    const words = `'${name}' (ref '${ref}') waits on a question of its own: answer it with respond, or decline it`;
    throw refused(reply, 'ANSWER_NOT_ALLOWED', words);
  }
  const reading = read(
    reply.kind === 'respond' ? { kind: 'respond', output: reply.output } : { kind: 'decline', reason: reply.reason },
  );
  if ('refused' in reading) {
    const at = `${field}.output`;
    throw new KitError('invalid-argument', `${at}: ${reading.refused}`, {
      reason: 'INVALID_FIELD',
      details: { name, ref, field: at },
    });
  }
  const digest = reply.inputDigest === undefined ? {} : { inputDigest: reply.inputDigest };
  const own = reply.kind;
  return { kind: 'restart', field, name, ref, ...digest, replaceInput: undefined, resumed: reading.resumed, own };
}

/** A reply as its call takes it: `own`, the person's kind of answer to a tool's own question. */
type OwnReply = ResumeReply & { own?: 'respond' | 'decline' };

/**
 * The input the waiting call `part` runs with under `tool` as deployed now (migrated from the
 * version it was asked under, when the tool says how), or `TOOL_CHANGED` when it has none.
 */
function runnableInput(part: ToolRequestPart, tool: Tool): { input: unknown; migrated: boolean } {
  const current = currentInputOf(part, tool);
  if (current.changed) throw toolChanged(part.toolRequest.name, part.toolRequest.ref);
  return current;
}

/**
 * A person's decline of the waiting call `part`. A tool's own words (`onDecline`) are made from
 * the call's input as the tool reads it now (`TOOL_CHANGED` when it can't); a tool gone since
 * the call was asked declines in the standard words.
 */
function declined(part: ToolRequestPart, reason: string | undefined, tool: Tool | undefined): ToolResponsePart {
  if (!tool) return declineInterrupt(part.toolRequest.name, undefined, part, reason, undefined);
  if (!tool.config.onDecline) return tool.decline(part, reason);
  const { input, migrated } = runnableInput(part, tool);
  return tool.decline(
    migrated ? { ...part, toolRequest: { ...part.toolRequest, input: input as never } } : part,
    reason,
  );
}

/**
 * What a resumed call sees as `ctx.resumed`: generate's own restart, as its tool gave it; a
 * client's `metadata`, only as the tool's `resumedMetadata` parses it (refused without one: a
 * client's word reaches the tool only where the tool asked for it).
 */
function resumedBy(
  reply: ResumeReply & { kind: 'restart' },
  tool: Tool,
  fromClient: boolean,
): Record<string, unknown> | true {
  if (!fromClient || reply.resumed === true) return reply.resumed;
  const field = `${reply.field}.metadata`;
  const schema = tool.config.resumedMetadata;
  if (!schema) {
    const words = `${field}: '${reply.name}' takes no metadata with an approval: approve it without`;
    throw refused(reply, 'ANSWER_NOT_ALLOWED', words, field);
  }
  const parsed = schema.safeParse(reply.resumed);
  if (!parsed.success) throw fromZodError(parsed.error, `metadata of the approval of '${reply.name}'`);
  return parsed.data;
}

/**
 * The waiting call `part` with the reply's answer, checked against its digest, what its tool
 * lets a client edit and the tool's schemas, as it will be stored. `tool` is undefined only for
 * a decline of a call whose tool is gone.
 */
function answered(
  part: ToolRequestPart,
  reply: OwnReply,
  tool: Tool | undefined,
  fromClient: boolean,
): ToolRequestPart {
  const where = `'${reply.name}' (ref '${reply.ref}')`;
  const { name, ref } = part.toolRequest;
  assertDigest(part, reply);
  if (reply.kind === 'decline') return stampAnswer(part, declined(part, reply.reason, tool));
  if (!tool) throw toolChanged(name, ref);
  if (reply.kind === 'respond') {
    const parsed = tool.config.outputSchema?.safeParse(reply.output);
    if (parsed && !parsed.success) throw fromZodError(parsed.error, `response to ${where}`);
    // What goes into history is the checked value: keys the schema strips never get stored.
    const output = parsed ? parsed.data : reply.output;
    const content = reply.content ? { content: reply.content } : {};
    return stampAnswer(part, { toolResponse: { name, ...(ref === undefined ? {} : { ref }), output, ...content } });
  }
  const replaced = reply.replaceInput !== undefined;
  // Generate's own restart (tool.restart) gives a whole new input; anything else runs, or edits,
  // the stored call as its tool reads it now (migrated, or TOOL_CHANGED when it can't be).
  const current = replaced && !fromClient ? undefined : runnableInput(part, tool);
  // What runs, is stored and is shown to the model is the parsed value (the stored call's, parsed
  // once by runnableInput); the input asked about is kept (`replacedInput`) when an edit or a
  // migration made another, so history never contradicts what ran.
  let input = current?.input;
  if (replaced) {
    const base = current?.migrated ? current.input : part.toolRequest.input;
    const candidate = fromClient ? editedInput(base, reply, tool) : reply.replaceInput;
    const parsed = tool.config.inputSchema?.safeParse(candidate);
    if (parsed && !parsed.success) throw fromZodError(parsed.error, `input to restart ${where}`);
    input = parsed ? parsed.data : candidate;
  }
  const resumed = resumedBy(reply, tool, fromClient);
  const kept = replaced || current?.migrated === true;
  const metadata = {
    ...(kept ? { replacedInput: part.toolRequest.input } : {}),
    ...(reply.own ? { answeredAs: reply.own } : {}),
    resumed,
  };
  return stampApproved(part, { toolRequest: { ...part.toolRequest, input: input as never }, metadata });
}

/** True when `stored` (already answered) carries the same answer as `candidate` would: a retried resume. */
function sameAnswer(stored: ToolRequestPart, candidate: ToolRequestPart): boolean {
  const answer = answerOf(stored);
  if (answer !== answerOf(candidate)) return false;
  const a = callStateOf(stored);
  const b = callStateOf(candidate);
  if (answer === 'restart') return isDeepStrictEqual(stored.toolRequest.input, candidate.toolRequest.input);
  if (a.kind === 'declined' && b.kind === 'declined') {
    return isDeepStrictEqual(a.output, b.output) && isDeepStrictEqual(a.declined, b.declined);
  }
  return a.kind === 'answered' && b.kind === 'answered' && isDeepStrictEqual(a.output, b.output);
}

/**
 * True when `reply` is the answer the answered call `stored` already has (a retried resume). A
 * reply that couldn't be admitted on the waiting call (a bad edit, a stale digest) is another
 * answer: the call's being answered is what the client needs to hear.
 */
function repeatsAnswer(
  stored: ToolRequestPart,
  reply: ResumeReply,
  tool: Tool | undefined,
  fromClient: boolean,
): boolean {
  try {
    return sameAnswer(stored, answered(asWaiting(stored), reply, tool, fromClient));
  } catch (error) {
    if (isKitError(error) && (error.code === 'invalid-argument' || error.code === 'failed-precondition')) return false;
    throw error;
  }
}

/**
 * Journals a person's answers on the open round that `message` holds, in one pass: each reply
 * is matched to its call (by ref, and tool name) and checked once; a waiting call takes its
 * answer (respond and decline record the response, restart records the approval and any
 * replaced input as the tool's schema parsed it: for a client, its edit merged over the stored
 * input at the fields the tool declares editable). A reply that carries the interrupt's
 * `inputDigest` is admitted only while the stored call has that input (`APPROVAL_STALE`). A call
 * its tool as deployed now can't run (the tool gone, its input no longer parsing, or not
 * migrated: see current-input.ts) is refused (`TOOL_CHANGED`), but for a decline; one asked
 * under an older version of a tool with `migrateInput` runs its migrated input. An answer once given is final: the same
 * answer again is a no-op (a retried resume), a different one is `failed-precondition`
 * (`ALREADY_ANSWERED`). Nothing runs here.
 */
export function applyResume(
  message: Message,
  replies: ResumeReply[],
  tools: ReadonlyMap<string, Tool>,
  admission: ResumeAdmission = {},
): Message {
  // A client's resume answers something; generate's empty resume goes on with what the round holds (a retry).
  if (!replies.length && admission.fromClient) {
    throw new KitError('invalid-argument', 'a resume must answer, approve or decline at least one interrupt', {
      reason: 'INVALID_FIELD',
      details: { field: 'resume' },
    });
  }
  const content = message.content.slice();
  const seen = new Set<number>();
  for (const sent of replies) {
    const at = callOf(content, sent, admission);
    if (seen.has(at)) {
      // The request alone is wrong: refused by the field that answers a second time, before anything is written.
      const field = `${sent.field}.ref`;
      throw new KitError(
        'invalid-argument',
        `${field}: answers the interrupt of '${sent.name}' (ref '${sent.ref}') a second time`,
        {
          reason: 'INVALID_FIELD',
          details: { name: sent.name, ref: sent.ref, field },
        },
      );
    }
    seen.add(at);
    const part = content[at] as ToolRequestPart;
    const reply = takenReply(part, sent, lookupTool(tools, sent.name));
    // A tool's reading of a person's answer is the tool's word: its metadata passes as the kit's own.
    const fromClient = admission.fromClient === true && reply.own === undefined;
    const state = callStateOf(part).kind;
    const tool = toolOf(tools, reply, admission, state === 'waiting');
    if (state === 'waiting') {
      const answer = answered(part, reply, tool, fromClient);
      content[at] = admission.answeredBy ? stampAnsweredBy(answer, admission.answeredBy) : answer;
    } else if (state === 'running' || !tool || !repeatsAnswer(part, reply, tool, fromClient)) {
      throw alreadyAnswered(reply.name, reply.ref, 'open');
    }
  }
  return { ...message, content };
}
