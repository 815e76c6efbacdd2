import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callStateOf, stampInterrupt } from '../call-state/index.js';
import { isKitError, type KitError } from '../errors/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
import { testTools } from '../test-utils/protocol-tools.js';
import { defineTool } from '../tools/index.js';
import { applyResume as admitReplies } from './apply-resume.js';
import type { ResumeOptions } from './generate-options.js';
import { type ResumeReply, repliesOfOptions } from './resume-reply.js';
import { toToolMap } from './to-tool-map.js';

const { lookup, confirm, guarded, all } = testTools();
const tools = toToolMap(all);

/** generate's resume option, admitted as generate admits it. */
const applyResume = (message: Message, resume: ResumeOptions, toolMap = tools): Message =>
  admitReplies(message, repliesOfOptions(resume), toolMap);

const waiting = (name: string, ref: string, id: string): ToolRequestPart =>
  stampInterrupt({ toolRequest: { name, ref, input: { id } } }, { question: `${name} ${id}?` });

/** An open round: `confirm` (ref c) and `guarded` (ref g) wait for a person; `lookup` (ref l) has not run. */
const round = (): Message => ({
  role: 'model',
  content: [
    { toolRequest: { name: 'lookup', ref: 'l', input: { id: 'ab' } } },
    waiting('confirm', 'c', 'q'),
    waiting('guarded', 'g', 'x'),
  ],
});

const part = (message: Message, i: number): ToolRequestPart => message.content[i] as ToolRequestPart;

function refusal(run: () => unknown): KitError {
  try {
    run();
  } catch (error) {
    if (isKitError(error)) return error;
    throw error;
  }
  throw new Error('expected a KitError');
}

describe('applyResume', () => {
  it('records the checked output as the answer when a waiting call is responded to', () => {
    const message = round();
    const resumed = applyResume(message, { respond: [confirm.respond(part(message, 1), { ok: true })] }, tools);
    expect(callStateOf(part(resumed, 1)).kind).toBe('answered');
    expect(part(resumed, 1).metadata).toMatchObject({
      answer: 'respond',
      pendingOutput: { ok: true },
      resolvedInterrupt: { question: 'confirm q?' },
    });
    // The other calls are as they were, and the stored message is not changed in place.
    expect(resumed.content[0]).toBe(message.content[0]);
    expect(callStateOf(part(message, 1)).kind).toBe('waiting');
  });

  it('marks the call approved with its new input when a waiting call is restarted with replaceInput', () => {
    const message = round();
    const restart = guarded.restart(part(message, 2), undefined, { replaceInput: { id: 'y' } });
    const resumed = applyResume(message, { restart: [restart] }, tools);
    expect(callStateOf(part(resumed, 2)).kind).toBe('approved');
    expect(part(resumed, 2).toolRequest.input).toEqual({ id: 'y' });
    expect(part(resumed, 2).metadata).toMatchObject({
      answer: 'restart',
      resolvedInterrupt: { question: 'guarded x?' },
    });
  });

  it('records the refusal and its reason when a waiting call is declined', () => {
    const resumed = applyResume(round(), { decline: [{ name: 'guarded', ref: 'g', reason: 'too much' }] }, tools);
    expect(callStateOf(part(resumed, 2)).kind).toBe('declined');
    expect(part(resumed, 2).metadata).toMatchObject({ answer: 'decline' });
    expect(part(resumed, 2).metadata?.declined).toBeDefined();
  });

  it('refuses with UNKNOWN_REF when a reply names no call of the round', () => {
    const error = refusal(() => applyResume(round(), { decline: [{ name: 'guarded', ref: 'nope' }] }, tools));
    expect(error).toMatchObject({ code: 'invalid-argument', details: { reason: 'UNKNOWN_REF', ref: 'nope' } });
  });

  it('refuses the second reply with INVALID_FIELD when one resume answers a call twice', () => {
    const error = refusal(() =>
      applyResume(
        round(),
        { decline: [{ name: 'guarded', ref: 'g' }], restart: [guarded.restart(waiting('guarded', 'g', 'x'))] },
        tools,
      ),
    );
    expect(error).toMatchObject({ code: 'invalid-argument', details: { reason: 'INVALID_FIELD' } });
  });

  it('refuses an output the tool’s schema rejects when responding', () => {
    const message = round();
    const bad = { toolResponse: { name: 'confirm', ref: 'c', output: { ok: 'yes' } } };
    const error = refusal(() => applyResume(message, { respond: [bad] }, tools));
    expect(error.code).toBe('invalid-argument');
    expect(callStateOf(part(message, 1)).kind).toBe('waiting');
  });

  it('refuses a restart when the tool is an interrupt with nothing to run', () => {
    const restart = { toolRequest: { name: 'confirm', ref: 'c', input: { id: 'q' } }, metadata: { resumed: true } };
    expect(refusal(() => applyResume(round(), { restart: [restart] }, tools)).code).toBe('invalid-argument');
  });

  it('leaves the answer as it is when the same answer comes again (a retried resume)', () => {
    const message = round();
    const resume = { decline: [{ name: 'guarded', ref: 'g', reason: 'no' }] };
    const once = applyResume(message, resume, tools);
    expect(applyResume(once, resume, tools).content).toEqual(once.content);
  });

  it('refuses with ALREADY_ANSWERED when a different answer comes for an answered call', () => {
    const once = applyResume(round(), { decline: [{ name: 'guarded', ref: 'g' }] }, tools);
    const error = refusal(() => applyResume(once, { restart: [guarded.restart(waiting('guarded', 'g', 'x'))] }, tools));
    expect(error).toMatchObject({ code: 'failed-precondition', details: { reason: 'ALREADY_ANSWERED' } });
  });

  it('refuses with UNKNOWN_REF and leaves the call waiting when another tool’s respond answers it', () => {
    const message = round();
    const error = refusal(() => applyResume(message, { respond: [confirm.respond(part(message, 2), { ok: true })] }));
    expect(error.details).toMatchObject({ reason: 'UNKNOWN_REF', name: 'confirm', ref: 'g' });
    expect(callStateOf(part(message, 2)).kind).toBe('waiting');
  });

  it('takes a client’s result only for a question or a tool that declares answerable, whatever its sideEffects', () => {
    const message = round();
    const respond = (name: string, ref: string, output: unknown) => [
      { kind: 'respond' as const, field: 'resume.respond.0', name, ref, output },
    ];
    // `guarded` is a tool with a body (no sideEffects declared): a client's word is not its result.
    const refused = refusal(() =>
      admitReplies(message, respond('guarded', 'g', { value: 1 }), tools, { fromClient: true }),
    );
    expect(refused.details).toMatchObject({ reason: 'ANSWER_NOT_ALLOWED', name: 'guarded', ref: 'g' });
    // `confirm` is a question (defineInterrupt): its answer is the person's.
    const answered = admitReplies(message, respond('confirm', 'c', { ok: true }), tools, { fromClient: true });
    expect(callStateOf(part(answered, 1)).kind).toBe('answered');
    // The same tool, declared answerable, takes it.
    const open = toToolMap(
      all.map((t) =>
        t.name === 'guarded' ? Object.assign(Object.create(t), { config: { ...t.config, answerable: true } }) : t,
      ),
    );
    expect(
      callStateOf(part(admitReplies(message, respond('guarded', 'g', { value: 1 }), open, { fromClient: true }), 2))
        .kind,
    ).toBe('answered');
  });

  it('refuses with ANSWER_NOT_ALLOWED when an interrupt’s own restart asks to run it', () => {
    const message = round();
    const error = refusal(() => applyResume(message, { restart: [confirm.restart(part(message, 1))] }));
    expect(error.details?.reason).toBe('ANSWER_NOT_ALLOWED');
  });

  it('refuses a replacement input the tool’s schema rejects when restarting', () => {
    const message = round();
    const restart = guarded.restart(part(message, 2), undefined, { replaceInput: { id: 42 } as never });
    expect(refusal(() => applyResume(message, { restart: [restart] })).code).toBe('invalid-argument');
    expect(callStateOf(part(message, 2)).kind).toBe('waiting');
  });

  it('refuses with TOOL_CHANGED an approval of a call whose tool is no longer offered, and declines it in the standard words', () => {
    const message = round();
    const only = toToolMap([lookup]);
    const restart = { restart: [{ toolRequest: { name: 'guarded', ref: 'g', input: { id: 'x' } } }] };
    const error = refusal(() => applyResume(message, restart, only));
    expect(error).toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'TOOL_CHANGED', name: 'guarded', ref: 'g' },
    });
    const declined = applyResume(message, { decline: [{ name: 'guarded', ref: 'g' }] }, only);
    expect(callStateOf(part(declined, 2))).toMatchObject({
      kind: 'declined',
      output: { declined: true, message: 'the user declined' },
    });
  });
});

describe('applyResume with who answers', () => {
  const max = { uid: 'max', at: 7, appId: 'web' };
  const approve = (message: Message, by?: { uid: string; at: number }) =>
    admitReplies(
      message,
      [
        {
          kind: 'restart',
          field: 'resume.restart.0',
          name: 'guarded',
          ref: 'g',
          replaceInput: undefined,
          resumed: true,
        },
      ],
      tools,
      {
        fromClient: true,
        ...(by ? { answeredBy: by } : {}),
      },
    );
  it('stamps who answered on each call they answer, and on no other', () => {
    const resumed = approve(round(), max);
    expect(part(resumed, 2).metadata?.answeredBy).toEqual(max);
    expect(part(resumed, 1).metadata?.answeredBy).toBeUndefined();
  });
  it('takes the same answer again as a retry that keeps who answered first, and another answer as ALREADY_ANSWERED', () => {
    const resumed = approve(round(), max);
    expect(approve(resumed, { uid: 'ann', at: 9 })).toEqual(resumed);
    const decline = [
      { kind: 'decline' as const, field: 'resume.decline.0', name: 'guarded', ref: 'g', reason: undefined },
    ];
    expect(refusal(() => admitReplies(resumed, decline, tools, { fromClient: true, answeredBy: max }))).toMatchObject({
      reason: 'ALREADY_ANSWERED',
    });
  });
});

describe('applyResume of a tool’s own question (ownQuestion)', () => {
  // A tool that asks a question of its own when it kept one: the answer is a number, read as `{ n }`.
  const counter = defineTool(
    {
      name: 'counter',
      description: 'counts',
      inputSchema: z.object({ id: z.string() }),
      ownQuestion: (kept) =>
        kept?.asks === 'n'
          ? (answer) => {
              if (answer.kind === 'decline') return { resumed: { n: 0 } };
              return typeof answer.output === 'number' ? { resumed: { n: answer.output } } : { refused: 'a number' };
            }
          : undefined,
    },
    () => 'ok',
  );
  const own = toToolMap([counter]);
  const asking = (kept?: Record<string, unknown>): Message => ({
    role: 'model',
    content: [stampInterrupt({ toolRequest: { name: 'counter', ref: 'n', input: { id: 'a' } } }, true, {}, kept)],
  });
  const client = (message: Message, reply: ResumeReply) => admitReplies(message, [reply], own, { fromClient: true });
  const respond = (output: unknown): ResumeReply => ({
    kind: 'respond',
    field: 'resume.respond.0',
    name: 'counter',
    ref: 'n',
    output,
  });

  it('runs the call again with the tool’s reading of a respond or a decline, its kept state kept', () => {
    const responded = client(asking({ asks: 'n' }), respond(3));
    expect(callStateOf(part(responded, 0))).toMatchObject({ kind: 'approved', resumed: { n: 3 } });
    expect(part(responded, 0).metadata?.keptState).toEqual({ asks: 'n' });
    // The person's kind of answer goes with the call (what the inbox says), though it runs again.
    expect(part(responded, 0).metadata?.answeredAs).toBe('respond');
    const decline: ResumeReply = {
      kind: 'decline',
      field: 'resume.decline.0',
      name: 'counter',
      ref: 'n',
      reason: 'no',
    };
    const declined = part(client(asking({ asks: 'n' }), decline), 0);
    expect(callStateOf(declined)).toMatchObject({ resumed: { n: 0 } });
    expect(declined.metadata?.answeredAs).toBe('decline');
    // A retried respond is the same answer.
    expect(client(responded, respond(3))).toEqual(responded);
  });

  it('refuses an answer the tool does not take with INVALID_FIELD naming the output, and a restart with ANSWER_NOT_ALLOWED', () => {
    expect(refusal(() => client(asking({ asks: 'n' }), respond('three')))).toMatchObject({
      code: 'invalid-argument',
      reason: 'INVALID_FIELD',
      details: { field: 'resume.respond.0.output' },
    });
    const restart: ResumeReply = {
      kind: 'restart',
      field: 'resume.restart.0',
      name: 'counter',
      ref: 'n',
      replaceInput: undefined,
      resumed: true,
    };
    expect(refusal(() => client(asking({ asks: 'n' }), restart))).toMatchObject({ reason: 'ANSWER_NOT_ALLOWED' });
  });

  it('answers a call that kept no question of the tool’s as any other: a client’s respond refused, a restart approving', () => {
    expect(refusal(() => client(asking(), respond(3)))).toMatchObject({ reason: 'ANSWER_NOT_ALLOWED' });
    const restart: ResumeReply = {
      kind: 'restart',
      field: 'resume.restart.0',
      name: 'counter',
      ref: 'n',
      replaceInput: undefined,
      resumed: true,
    };
    const approved = part(client(asking(), restart), 0);
    expect(callStateOf(approved)).toMatchObject({ kind: 'approved', resumed: true });
    expect(approved.metadata?.answeredAs).toBeUndefined();
  });
});
