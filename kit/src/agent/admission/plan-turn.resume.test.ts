import type { Resume } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputDigest, stampInterrupt } from '../../call-state/index.js';
import { isKitError, type KitError } from '../../errors/index.js';
import { applyResume, nothingToResume, repliesOfRequest, toToolMap } from '../../generate/index.js';
import type { Message, ToolRequestPart } from '../../model/index.js';
import { testTools } from '../../test-utils/protocol-tools.js';
import { defineTool } from '../../tools/index.js';
import { chargeTool, effects } from '../test-utils/agent-fixtures.js';

const { confirm, all } = testTools();
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

/** A tool whose card lets a person fix the address's first line, the note and the tags. */
const ship = defineTool(
  {
    name: 'ship',
    description: 'ships a parcel',
    inputSchema: z
      .object({
        to: z.string(),
        cents: z.number(),
        address: z.object({ line1: z.string(), city: z.string() }),
        note: z.string().optional(),
        tags: z.array(z.string()).optional(),
      })
      .refine((i) => (i.note ?? '').length + i.address.line1.length <= 40, 'the label holds 40 characters'),
    editableInput: ['address.line1', 'note', 'tags'],
  },
  () => ({ shipped: true }),
);
/** A tool whose edit is a zod schema: only the note, at most 20 characters. */
const label = defineTool(
  {
    name: 'label',
    description: 'prints a label',
    inputSchema: z.object({ to: z.string(), note: z.string() }),
    editableInput: z.strictObject({ note: z.string().max(20) }),
    // A person may also say it was printed by hand (a result of their own).
    answerable: true,
  },
  () => ({ printed: true }),
);
/** The same, with a non-strict edit schema: a key it doesn't know is dropped by zod, and refused here. */
const loose = defineTool(
  {
    name: 'loose',
    description: 'prints a loose label',
    inputSchema: z.object({ to: z.string(), note: z.string() }),
    editableInput: z.object({ note: z.string() }),
  },
  () => ({ printed: true }),
);
const shipInput = { to: 'BOB', cents: 500, address: { line1: '1 Quay St', city: 'Cork' }, note: 'ring', tags: ['a'] };
const editTools = toToolMap([ship, label, loose]);
/** A round of three waiting calls: ship (s), label (l), loose (o). */
const editHistory = (): Message[] => [
  { role: 'user', content: [{ text: 'ship it' }] },
  {
    role: 'model',
    content: [
      asked('ship', 's', shipInput),
      asked('label', 'l', { to: 'BOB', note: 'hi' }),
      asked('loose', 'o', { to: 'BOB', note: 'hi' }),
    ],
  },
];
const editOf = (name: string, ref: string, replaceInput: unknown, inputDigest?: string) =>
  admit(editHistory(), { restart: [{ ref, name, replaceInput, ...(inputDigest ? { inputDigest } : {}) }] }, editTools);
const editRefusal = (name: string, ref: string, replaceInput: unknown) =>
  refusal(() => editOf(name, ref, replaceInput));

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

  it('refuses replaceInput with ANSWER_NOT_ALLOWED, naming the field, when the tool declares nothing editable', () => {
    const error = refusal(() =>
      admit(history(), { restart: [{ ref: 'g', name: 'guarded', replaceInput: { id: 'y' } }] }),
    );
    expect(error).toMatchObject({
      code: 'invalid-argument',
      details: { reason: 'ANSWER_NOT_ALLOWED', ref: 'g', field: 'resume.restart.0.replaceInput' },
    });
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

  it('refuses with TOOL_CHANGED when the stored call’s tool is no longer offered', () => {
    const error = refusal(() => admit(history(), { restart: [{ ref: 'g', name: 'guarded' }] }, toToolMap([confirm])));
    expect(error).toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'TOOL_CHANGED', name: 'guarded', ref: 'g' },
    });
  });

  it('refuses with INVALID_FIELD when the resume answers nothing', () => {
    expect(refusal(() => admit(history(), {})).details).toMatchObject({
      reason: 'INVALID_FIELD',
      field: 'resume',
    });
  });
});

describe("applyResume (a client's edit of the call it approves)", () => {
  it('merges an allowed edit over the stored input (objects deep, arrays whole) and keeps the input asked about', () => {
    const edit = { address: { line1: '1 Quay Street' }, tags: ['b', 'c'] };
    const [s] = editOf('ship', 's', edit);
    expect(s?.toolRequest.input).toEqual({
      ...shipInput,
      address: { line1: '1 Quay Street', city: 'Cork' },
      tags: ['b', 'c'],
    });
    expect(s?.metadata).toMatchObject({ answer: 'restart', replacedInput: shipInput });
  });

  it('refuses an extra property, naming it in the message and the details', () => {
    const error = editRefusal('ship', 's', { note: 'ok', to: 'MALLORY' });
    expect(error).toMatchObject({
      code: 'invalid-argument',
      details: { reason: 'ANSWER_NOT_ALLOWED', ref: 's', field: 'resume.restart.0.replaceInput.to' },
    });
    expect(error.message).toContain('resume.restart.0.replaceInput.to');
    expect(error.message).toContain("'to' is not editable");
  });

  it('refuses __proto__ and constructor keys, even inside an editable field', () => {
    const proto = editRefusal('ship', 's', JSON.parse('{"__proto__": {"to": "MALLORY"}}'));
    expect(proto.details).toMatchObject({
      reason: 'ANSWER_NOT_ALLOWED',
      field: 'resume.restart.0.replaceInput.__proto__',
    });
    const inside = editRefusal('ship', 's', JSON.parse('{"address": {"line1": "x", "constructor": {"prototype": 1}}}'));
    expect(inside.details).toMatchObject({ field: 'resume.restart.0.replaceInput.address.constructor' });
    const nested = editRefusal('ship', 's', JSON.parse('{"tags": [{"__proto__": 1}]}'));
    expect(nested.details).toMatchObject({ field: 'resume.restart.0.replaceInput.tags.0.__proto__' });
  });

  it('refuses a nested path outside the allowlist, and an object on the way to one replaced whole', () => {
    expect(editRefusal('ship', 's', { address: { city: 'Dublin' } }).details).toMatchObject({
      reason: 'ANSWER_NOT_ALLOWED',
      field: 'resume.restart.0.replaceInput.address.city',
    });
    expect(editRefusal('ship', 's', { address: 'Dublin' }).details).toMatchObject({
      field: 'resume.restart.0.replaceInput.address',
    });
  });

  it('refuses an edit that is no object of fields', () => {
    for (const edit of ['MALLORY', ['note'], null]) {
      expect(editRefusal('ship', 's', edit).details).toMatchObject({
        reason: 'ANSWER_NOT_ALLOWED',
        field: 'resume.restart.0.replaceInput',
      });
    }
  });

  it('refuses a type change of an editable field by the tool’s input schema (INVALID_FIELD, naming it)', () => {
    const error = editRefusal('ship', 's', { note: 5 });
    expect(error).toMatchObject({ code: 'invalid-argument', details: { reason: 'INVALID_FIELD', field: 'note' } });
  });

  it('refuses an edit that makes the whole input invalid', () => {
    const error = editRefusal('ship', 's', { note: 'x'.repeat(35) });
    expect(error).toMatchObject({ code: 'invalid-argument', details: { reason: 'INVALID_FIELD' } });
    expect(error.message).toContain('the label holds 40 characters');
  });

  it('takes an edit its tool’s edit schema admits, and refuses by that schema a key or a value it does not', () => {
    const [, l] = editOf('label', 'l', { note: 'hello' });
    expect(l?.toolRequest.input).toEqual({ to: 'BOB', note: 'hello' });
    expect(editRefusal('label', 'l', { note: 'ok', to: 'MALLORY' }).details).toMatchObject({
      reason: 'ANSWER_NOT_ALLOWED',
      field: 'resume.restart.0.replaceInput.to',
    });
    expect(editRefusal('label', 'l', { note: 'x'.repeat(21) }).details).toMatchObject({
      reason: 'ANSWER_NOT_ALLOWED',
      field: 'resume.restart.0.replaceInput.note',
    });
    expect(editRefusal('loose', 'o', { note: 'ok', to: 'MALLORY' }).details).toMatchObject({
      reason: 'ANSWER_NOT_ALLOWED',
      field: 'resume.restart.0.replaceInput.to',
    });
  });

  it('refuses an answer whose inputDigest is of another input with APPROVAL_STALE, and takes the stored one’s', () => {
    const stale = refusal(() => editOf('ship', 's', undefined, inputDigest({ ...shipInput, to: 'MALLORY' })));
    expect(stale).toMatchObject({ code: 'failed-precondition', details: { reason: 'APPROVAL_STALE', ref: 's' } });
    const { note, ...rest } = shipInput;
    const reordered = { note, ...rest, address: { city: 'Cork', line1: '1 Quay St' } };
    const [s] = editOf('ship', 's', undefined, inputDigest(reordered));
    expect(s?.metadata).toMatchObject({ answer: 'restart' });
  });

  it('refuses a stale decline and a stale answer too, when they carry a digest', () => {
    const digest = inputDigest({ to: 'someone else' });
    const decline = refusal(() =>
      admit(editHistory(), { decline: [{ ref: 's', name: 'ship', inputDigest: digest }] }, editTools),
    );
    expect(decline.details?.reason).toBe('APPROVAL_STALE');
    const respond = { ref: 'l', name: 'label', output: { printed: true }, inputDigest: digest };
    expect(refusal(() => admit(editHistory(), { respond: [respond] }, editTools)).details?.reason).toBe(
      'APPROVAL_STALE',
    );
  });

  it('refuses, as the tool is defined, an editable path that names no field', () => {
    for (const path of ['', 'a..b', '__proto__', 'address.constructor']) {
      expect(() => defineTool({ name: 't', description: 't', editableInput: [path] }, () => null)).toThrow(
        /names no field/,
      );
    }
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
