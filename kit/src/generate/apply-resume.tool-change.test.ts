import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callStateOf, inputDigest, stampInterrupt } from '../call-state/index.js';
import { isKitError, type KitError } from '../errors/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
import { defineTool, type Tool, type ToolConfig } from '../tools/index.js';
import { applyResume } from './apply-resume.js';
import type { ResumeReply } from './resume-reply.js';
import { toToolMap } from './to-tool-map.js';

// A call asked under version 1 of `pay` (`amount`), answered after a deploy of version 2 (`cents`).

const V2 = z.object({ to: z.string(), cents: z.number() });
const AMOUNT = { to: 'BOB', amount: 5 };
const renamed = (input: unknown) => {
  const { amount, ...rest } = input as { amount: number; to: string };
  return { ...rest, cents: amount };
};

function payV2(config: Partial<ToolConfig<typeof V2, z.ZodType>> = {}) {
  return defineTool({ name: 'pay', description: 'pays', inputSchema: V2, version: 2, ...config }, () => ({ ok: 1 }));
}

const round = (): Message => ({
  role: 'model',
  content: [stampInterrupt({ toolRequest: { name: 'pay', ref: 'p', input: AMOUNT } }, { title: 'Pay BOB 5?' })],
});
const approval = (extra: Partial<ResumeReply & { kind: 'restart' }> = {}): ResumeReply => ({
  kind: 'restart',
  field: 'resume.restart.0',
  name: 'pay',
  ref: 'p',
  replaceInput: undefined,
  resumed: true,
  ...extra,
});
const decline: ResumeReply = { kind: 'decline', field: 'resume.decline.0', name: 'pay', ref: 'p', reason: 'no' };
const admit = (message: Message, reply: ResumeReply, tool: Tool = payV2()) =>
  applyResume(message, [reply], toToolMap([tool]), { fromClient: true }).content[0] as ToolRequestPart;

function refusal(run: () => unknown): KitError {
  try {
    run();
  } catch (error) {
    if (isKitError(error)) return error;
    throw error;
  }
  throw new Error('expected a KitError');
}

const TOOL_CHANGED = { code: 'failed-precondition', details: { reason: 'TOOL_CHANGED', name: 'pay', ref: 'p' } };

describe('applyResume after a deploy changed the tool', () => {
  it('approves the migrated input, keeping the one the person was shown, whose digest still binds the answer', () => {
    const approved = admit(
      round(),
      approval({ inputDigest: inputDigest(AMOUNT) }),
      payV2({ migrateInput: (input) => renamed(input) }),
    );
    expect(callStateOf(approved).kind).toBe('approved');
    expect(approved.toolRequest.input).toEqual({ to: 'BOB', cents: 5 });
    expect(approved.metadata).toMatchObject({ answer: 'restart', replacedInput: AMOUNT });
  });

  it('takes the same approval again as a no-op, and refuses another answer with ALREADY_ANSWERED', () => {
    const tool = payV2({ migrateInput: (input) => renamed(input) });
    const message = { role: 'model' as const, content: [admit(round(), approval(), tool)] };
    const again = applyResume(message, [approval()], toToolMap([tool]), { fromClient: true });
    expect(again.content[0]).toEqual(message.content[0]);
    const other = refusal(() => applyResume(message, [decline], toToolMap([tool]), { fromClient: true }));
    expect(other.details?.reason).toBe('ALREADY_ANSWERED');
  });

  it('merges a person’s edit over the migrated input, at the fields the current tool lets them edit', () => {
    const tool = payV2({ migrateInput: (input) => renamed(input), editableInput: ['cents'] });
    const edited = admit(round(), approval({ replaceInput: { cents: 7 } }), tool);
    expect(edited.toolRequest.input).toEqual({ to: 'BOB', cents: 7 });
    expect(edited.metadata?.replacedInput).toEqual(AMOUNT);
  });

  it('refuses with TOOL_CHANGED, the call still waiting, when no migration makes the input parse', () => {
    const message = round();
    const throwing = payV2({
      migrateInput: () => {
        throw new Error('cannot');
      },
    });
    for (const tool of [payV2(), throwing, payV2({ migrateInput: (input) => input })]) {
      expect(refusal(() => admit(message, approval(), tool))).toMatchObject(TOOL_CHANGED);
    }
    // Version 1 still, but its schema changed under it: the stored input no longer parses.
    const unbumped = defineTool({ name: 'pay', description: 'pays', inputSchema: V2 }, () => ({ ok: 1 }));
    expect(refusal(() => admit(message, approval(), unbumped))).toMatchObject(TOOL_CHANGED);
    expect(callStateOf(message.content[0] as ToolRequestPart).kind).toBe('waiting');
  });

  it('checks the digest before the tool: an answer for another input is stale whatever was deployed', () => {
    const stale = refusal(() => admit(round(), approval({ inputDigest: inputDigest({ to: 'EVE' }) })));
    expect(stale.details?.reason).toBe('APPROVAL_STALE');
  });

  it('declines a changed call in the standard words, and one whose tool is gone', () => {
    const declined = admit(round(), decline);
    expect(callStateOf(declined)).toMatchObject({ kind: 'declined', declined: { reason: 'no' } });
    const other = defineTool({ name: 'other', description: 'x' }, () => 1);
    const gone = admit(round(), decline, other);
    expect(callStateOf(gone)).toMatchObject({
      kind: 'declined',
      output: { declined: true, reason: 'no', message: 'the user declined: no' },
    });
  });

  it('words a decline with the tool’s onDecline from the migrated input, and refuses it when there is none', () => {
    const seen: unknown[] = [];
    const onDecline = (input: z.infer<typeof V2>) => {
      seen.push(input);
      return { ok: 0 };
    };
    const migrating = payV2({ migrateInput: (input) => renamed(input), onDecline });
    expect(callStateOf(admit(round(), decline, migrating))).toMatchObject({ kind: 'declined', output: { ok: 0 } });
    expect(seen).toEqual([{ to: 'BOB', cents: 5 }]);
    expect(refusal(() => admit(round(), decline, payV2({ onDecline })))).toMatchObject(TOOL_CHANGED);
  });

  it('refuses with TOOL_CHANGED an approval of a call whose tool was renamed', () => {
    const sendMoney = defineTool({ name: 'sendMoney', description: 'pays', inputSchema: V2 }, () => 1);
    expect(refusal(() => admit(round(), approval(), sendMoney))).toMatchObject(TOOL_CHANGED);
  });
});
