import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputDigest } from '../call-state/index.js';
import { isKitError } from '../errors/index.js';
import { toolRequestsOf } from '../model/index.js';
import { FirestoreSessionStore } from '../session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { defineTool, type EditableInput } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import { toolThenAnswer } from './test-utils/agent-fixtures.js';
import type { AgentInput } from './turn/index.js';

// Approvals bound to the action (issue 29): an approval runs the stored call as it is; a person's
// edit is admitted only for what the tool declares editable; an answer sent for another input
// than the stored call's is stale. Each refusal is checked on the Firestore emulator: nothing
// written (the session's version and Firestore's update time unchanged), nothing run, and the
// session goes on when the call is then approved as it is.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: approvals — no Firestore emulator ***\n');
const projectId = demoProjectId('approvals');
let firestore: Firestore | undefined;
let tenants = 0;
afterAll(() => firestore?.terminate());

const ASKED = { to: 'BOB', cents: 500, address: { line1: '1 Quay St', city: 'Cork' }, note: 'rent' };
const PaySchema = z
  .object({
    to: z.string(),
    cents: z.number().int().positive(),
    address: z.object({ line1: z.string(), city: z.string() }),
    note: z.string().optional(),
  })
  .refine((i) => (i.note ?? '').length + i.address.line1.length <= 40, 'the statement line holds 40 characters');

/** A bank on its own tenant whose `pay` tool asks first; `editable` is what its card lets a person edit. */
function bank(editable: EditableInput | undefined, resumedMetadata?: z.ZodType<Record<string, unknown>>) {
  firestore ??= emulatorFirestore(host as string, projectId);
  const db = firestore;
  const prefix = `a${tenants++}_`;
  const store = new FirestoreSessionStore({ firestore: db, prefix });
  const runs: unknown[] = [];
  const resumedWith: unknown[] = [];
  const pay = defineTool(
    {
      name: 'pay',
      description: 'pays someone',
      inputSchema: PaySchema,
      sideEffects: 'idempotent',
      ...(editable === undefined ? {} : { editableInput: editable }),
      ...(resumedMetadata === undefined ? {} : { resumedMetadata }),
    },
    (input, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ title: `Send ${input.cents} to ${input.to}?` });
      runs.push(input);
      resumedWith.push(ctx.resumed);
      return { paid: input.cents, to: input.to };
    },
  );
  const agent = defineAgent({ name: 'bank', model: toolThenAnswer('pay', ASKED), tools: [pay], store });
  const written = async (sessionId: string) => {
    const snap = await db.collection(`${prefix}sessions`).doc(sessionId).get();
    return `${snap.updateTime?.seconds}.${snap.updateTime?.nanoseconds}`;
  };
  const stored = async (sessionId: string) => (await store.load(sessionId))?.session;
  const send = (sessionId: string | undefined, input: AgentInput) => agent.send(sessionId, input, { uid: 'ann' });
  return { runs, resumedWith, send, written, stored };
}

async function asked(b: ReturnType<typeof bank>) {
  const result = await b.send(undefined, { message: 'pay Bob his rent' });
  expect(result.status).toBe('interrupted');
  const interrupt = result.interrupts[0];
  if (!interrupt) throw new Error('no interrupt');
  return { sessionId: result.sessionId, ref: interrupt.ref, digest: interrupt.inputDigest as string };
}

/** The call refused with `reason`, nothing written and nothing run; then approved as it is, and run once. */
async function expectRefused(
  b: ReturnType<typeof bank>,
  restart: (ref: string) => Record<string, unknown>,
  code: string,
  reason: string,
): Promise<unknown> {
  const { sessionId, ref } = await asked(b);
  const version = (await b.stored(sessionId))?.version;
  const at = await b.written(sessionId);
  const error = await b.send(sessionId, { resume: { restart: [restart(ref) as never] } }).catch((e: unknown) => e);
  expect(isKitError(error) && { code: error.code, reason: error.reason }).toEqual({ code, reason });
  expect((await b.stored(sessionId))?.version).toBe(version);
  expect(await b.written(sessionId)).toBe(at);
  expect(b.runs).toEqual([]);
  const goesOn = await b.send(sessionId, { resume: { restart: [{ ref, name: 'pay' }] } });
  expect(goesOn.status).toBe('done');
  expect(b.runs).toEqual([ASKED]);
  return error;
}

describe.skipIf(!host)('defineAgent: approvals bound to the action', () => {
  const editable = ['address.line1', 'note'] as const;

  it('refuses an edit of a field outside the allowlist (an extra property), naming it', async () => {
    const error = await expectRefused(
      bank(editable),
      (ref) => ({ ref, name: 'pay', replaceInput: { note: 'rent', to: 'MALLORY' } }),
      'invalid-argument',
      'ANSWER_NOT_ALLOWED',
    );
    expect(error).toMatchObject({ details: { field: 'resume.restart.0.replaceInput.to' } });
    expect((error as Error).message).toContain("'to' is not editable");
  });

  it('refuses __proto__ and constructor keys in an edit', async () => {
    const proto = JSON.parse('{"__proto__": {"to": "MALLORY"}}');
    const protoError = await expectRefused(
      bank(editable),
      (ref) => ({ ref, name: 'pay', replaceInput: proto }),
      'invalid-argument',
      'ANSWER_NOT_ALLOWED',
    );
    expect(protoError).toMatchObject({ details: { field: 'resume.restart.0.replaceInput.__proto__' } });
    const ctor = JSON.parse('{"note": "x", "constructor": {"prototype": {"to": "MALLORY"}}}');
    const error = await expectRefused(
      bank(editable),
      (ref) => ({ ref, name: 'pay', replaceInput: ctor }),
      'invalid-argument',
      'ANSWER_NOT_ALLOWED',
    );
    expect(error).toMatchObject({ details: { field: 'resume.restart.0.replaceInput.constructor' } });
  });

  it('refuses a nested path outside the allowlist', async () => {
    const error = await expectRefused(
      bank(editable),
      (ref) => ({ ref, name: 'pay', replaceInput: { address: { city: 'Dublin' } } }),
      'invalid-argument',
      'ANSWER_NOT_ALLOWED',
    );
    expect(error).toMatchObject({ details: { field: 'resume.restart.0.replaceInput.address.city' } });
  });

  it('refuses a type change of an editable field', async () => {
    const error = await expectRefused(
      bank(editable),
      (ref) => ({ ref, name: 'pay', replaceInput: { note: 5 } }),
      'invalid-argument',
      'INVALID_FIELD',
    );
    expect(error).toMatchObject({ details: { field: 'note' } });
  });

  it('refuses an edit that makes the whole input invalid', async () => {
    const error = await expectRefused(
      bank(editable),
      (ref) => ({ ref, name: 'pay', replaceInput: { note: 'x'.repeat(35) } }),
      'invalid-argument',
      'INVALID_FIELD',
    );
    expect((error as Error).message).toContain('the statement line holds 40 characters');
  });

  it('refuses replaceInput with ANSWER_NOT_ALLOWED when the tool declares nothing editable', async () => {
    await expectRefused(
      bank(undefined),
      (ref) => ({ ref, name: 'pay', replaceInput: { note: 'rent' } }),
      'invalid-argument',
      'ANSWER_NOT_ALLOWED',
    );
  });

  it('refuses an approval whose digest is of another input with APPROVAL_STALE', async () => {
    const other = inputDigest({ ...ASKED, to: 'MALLORY' });
    await expectRefused(
      bank(editable),
      (ref) => ({ ref, name: 'pay', inputDigest: other }),
      'failed-precondition',
      'APPROVAL_STALE',
    );
  });

  it('accepts an approval without a digest, as before digests existed', async () => {
    const b = bank(undefined);
    const { sessionId, ref } = await asked(b);
    expect(await b.send(sessionId, { resume: { restart: [{ ref, name: 'pay' }] } })).toMatchObject({ status: 'done' });
    expect(b.runs).toEqual([ASKED]);
  });

  it('accepts an approval with its digest: one digest whatever the key order, as stamped on the stored call', async () => {
    const b = bank(undefined);
    const { sessionId, ref, digest } = await asked(b);
    const reordered = { note: 'rent', address: { city: 'Cork', line1: '1 Quay St' }, cents: 500, to: 'BOB' };
    expect(digest).toBe(inputDigest(reordered));
    const waiting = toolRequestsOf((await b.stored(sessionId))?.history.at(-1)).find((p) => p.toolRequest.ref === ref);
    expect(waiting?.metadata?.inputDigest).toBe(digest);
    const done = await b.send(sessionId, { resume: { restart: [{ ref, name: 'pay', inputDigest: digest }] } });
    expect(done).toMatchObject({ status: 'done' });
    expect(b.runs).toEqual([ASKED]);
  });

  it('runs an allowed edit merged over the stored input, and stores the merged input with the one asked about', async () => {
    const b = bank(editable);
    const { sessionId, ref, digest } = await asked(b);
    const replaceInput = { address: { line1: '1 Quay Street' }, note: 'June rent' };
    const done = await b.send(sessionId, {
      resume: { restart: [{ ref, name: 'pay', replaceInput, inputDigest: digest }] },
    });
    expect(done).toMatchObject({ status: 'done' });
    const merged = { ...ASKED, address: { line1: '1 Quay Street', city: 'Cork' }, note: 'June rent' };
    expect(b.runs).toEqual([merged]);
    const call = toolRequestsOf((await b.stored(sessionId))?.history.find((m) => m.role === 'model')).at(0);
    expect(call?.toolRequest.input).toEqual(merged);
    expect(call?.metadata?.replacedInput).toEqual(ASKED);
  });

  it('admits an edit its edit schema takes, merged and run once, and refuses one it does not, with nothing written', async () => {
    const bySchema = z.strictObject({ note: z.string().max(20) });
    const error = await expectRefused(
      bank(bySchema),
      (ref) => ({ ref, name: 'pay', replaceInput: { to: 'MALLORY' } }),
      'invalid-argument',
      'ANSWER_NOT_ALLOWED',
    );
    expect(error).toMatchObject({ details: { field: 'resume.restart.0.replaceInput.to' } });
    const b = bank(bySchema);
    const { sessionId, ref } = await asked(b);
    const done = await b.send(sessionId, {
      resume: { restart: [{ ref, name: 'pay', replaceInput: { note: 'May rent' } }] },
    });
    expect(done.status).toBe('done');
    expect(b.runs).toEqual([{ ...ASKED, note: 'May rent' }]);
  });

  it('refuses metadata with an approval of a tool that takes none, with nothing written and nothing run', async () => {
    const b = bank(undefined);
    const error = await expectRefused(
      b,
      (ref) => ({ ref, name: 'pay', metadata: { approvedCents: 500_000 } }),
      'invalid-argument',
      'ANSWER_NOT_ALLOWED',
    );
    expect(error).toMatchObject({ details: { field: 'resume.restart.0.metadata' } });
    // Approved as it is, the tool sees the server's `true`, never the client's word.
    expect(b.resumedWith).toEqual([true]);
  });

  it('gives the tool the metadata its resumedMetadata schema parsed, and refuses what it does not take', async () => {
    const schema = z.object({ channel: z.enum(['app', 'phone']) });
    await expectRefused(
      bank(undefined, schema),
      (ref) => ({ ref, name: 'pay', metadata: { channel: 'fax' } }),
      'invalid-argument',
      'INVALID_FIELD',
    );
    const b = bank(undefined, schema);
    const { sessionId, ref } = await asked(b);
    const done = await b.send(sessionId, {
      resume: { restart: [{ ref, name: 'pay', metadata: { channel: 'phone', admin: true } }] },
    });
    expect(done.status).toBe('done');
    // What the schema strips never reaches the tool.
    expect(b.resumedWith).toEqual([{ channel: 'phone' }]);
  });
});
