import type { Resume } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { testTools } from '../../test-utils/protocol-tools.js';
import { stampInterrupt } from '../call-state/index.js';
import { isKitError, type KitError } from '../errors/index.js';
import { applyResume, nothingToResume, repliesOfRequest, toToolMap } from '../generate/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
import { chargeTool, effects } from './test-utils/agent-fixtures.js';

const { confirm, guarded, all } = testTools();
const charge = chargeTool(effects());
const tools = toToolMap([...all, charge]);

const asked = (name: string, ref: string, input: unknown) =>
  stampInterrupt({ toolRequest: { name, ref, input } }, { question: `${name}?` });

/** A conversation whose last round waits: confirm (c), guarded (g), charge (p); an earlier round asked `old`. */
const history = (): Message[] => [
  { role: 'user', content: [{ text: 'go' }] },
  { role: 'model', content: [{ toolRequest: { name: 'lookup', ref: 'old', input: { id: 'a' } } }] },
  { role: 'tool', content: [{ toolResponse: { name: 'lookup', ref: 'old', output: { value: 1 } } }] },
  {
    role: 'model',
    content: [
      asked('confirm', 'c', { id: 'q' }),
      asked('guarded', 'g', { id: 'x' }),
      asked('charge', 'p', { orderId: 'A', cents: 5 }),
    ],
  },
];

/** A client's resume admitted on the history's open round, as plan-turn admits it. */
function admit(h: Message[], resume: Resume, toolMap = tools): ToolRequestPart[] {
  const last = h.at(-1) as Message;
  const replies = repliesOfRequest(resume);
  return applyResume(last, replies, toolMap, { history: h, fromClient: true }).content as ToolRequestPart[];
}

function refusal(run: () => unknown): KitError {
  try {
    run();
  } catch (error) {
    if (isKitError(error)) return error;
    throw error;
  }
  throw new Error('expected a KitError');
}

describe("applyResume (a client's replies)", () => {
  it('answers each stored call, never with the client’s input, when replies name waiting calls', () => {
    const [c, g, p] = admit(history(), {
      respond: [{ ref: 'c', name: 'confirm', output: { ok: true } }],
      restart: [{ ref: 'g', name: 'guarded' }],
      decline: [{ ref: 'p', name: 'charge', reason: 'no' }],
    });
    expect(c?.metadata).toMatchObject({ answer: 'respond', pendingOutput: { ok: true } });
    expect(g?.toolRequest).toEqual({ name: 'guarded', ref: 'g', input: { id: 'x' } });
    expect(g?.metadata).toMatchObject({ answer: 'restart', resumed: true });
    expect(p?.metadata).toMatchObject({ answer: 'decline', declined: { reason: 'no' } });
  });

  it('takes the new input from replaceInput when a restart replaces it', () => {
    const [, g] = admit(history(), { restart: [{ ref: 'g', name: 'guarded', replaceInput: { id: 'y' } }] });
    const restart = guarded.restart(asked('guarded', 'g', { id: 'x' }), undefined, { replaceInput: { id: 'y' } });
    expect(g?.toolRequest).toEqual(restart.toolRequest);
    expect(g?.metadata).toMatchObject({ replacedInput: { id: 'x' }, resumed: true });
  });

  it('refuses with UNKNOWN_REF when the reply’s name is not the stored call’s tool', () => {
    const error = refusal(() => admit(history(), { restart: [{ ref: 'g', name: 'charge' }] }));
    expect(error).toMatchObject({ code: 'invalid-argument', details: { reason: 'UNKNOWN_REF', ref: 'g' } });
  });

  it('refuses with UNKNOWN_REF when no call has the ref', () => {
    const error = refusal(() => admit(history(), { decline: [{ ref: 'zz', name: 'guarded' }] }));
    expect(error.details?.reason).toBe('UNKNOWN_REF');
  });

  it('refuses with ALREADY_ANSWERED when the ref is a call of an earlier, closed round', () => {
    const error = refusal(() => admit(history(), { decline: [{ ref: 'old', name: 'lookup' }] }));
    expect(error).toMatchObject({ code: 'failed-precondition', details: { reason: 'ALREADY_ANSWERED' } });
  });

  it('refuses with ANSWER_NOT_ALLOWED when a client responds for an idempotent side-effect tool', () => {
    const reply = { ref: 'p', name: 'charge', output: { charged: 5, orderId: 'A' } };
    const error = refusal(() => admit(history(), { respond: [reply] }));
    expect(error.details?.reason).toBe('ANSWER_NOT_ALLOWED');
  });

  it('refuses with UNKNOWN_REF when the stored call’s tool is no longer offered', () => {
    const error = refusal(() => admit(history(), { restart: [{ ref: 'g', name: 'guarded' }] }, toToolMap([confirm])));
    expect(error.details?.reason).toBe('UNKNOWN_REF');
  });

  it('refuses with INVALID_FIELD when the resume answers nothing', () => {
    expect(refusal(() => admit(history(), {})).details).toMatchObject({
      reason: 'INVALID_FIELD',
      field: 'resume',
    });
  });
});

describe('nothingToResume', () => {
  it('says ALREADY_ANSWERED when a reply names a call the history holds', () => {
    const error = nothingToResume(
      history().slice(0, 3),
      's1',
      repliesOfRequest({ decline: [{ ref: 'old', name: 'lookup' }] }),
    );
    expect(error.details?.reason).toBe('ALREADY_ANSWERED');
  });

  it('says NOTHING_TO_RESUME when no reply names a known call', () => {
    const error = nothingToResume(
      history().slice(0, 3),
      's1',
      repliesOfRequest({ decline: [{ ref: 'new', name: 'lookup' }] }),
    );
    expect(error).toMatchObject({ code: 'failed-precondition', details: { reason: 'NOTHING_TO_RESUME' } });
  });
});
