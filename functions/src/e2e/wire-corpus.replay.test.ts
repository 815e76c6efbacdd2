import { randomUUID } from 'node:crypto';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { OLDEST_PROTOCOL_VERSION } from '@callable-flows/protocol';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import { callOverHttp, sdkCode } from './test-utils/callable-http.js';
import { getDocument } from './test-utils/firestore-rest.js';
import { type MobileUser, mobileUser } from './test-utils/mobile-stack.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';
import { learnValues, withValues } from './test-utils/replay-values.js';
import { type RecordedExchange, readCorpora } from './test-utils/wire-corpus.js';

// Issue 45 item 3: every recorded version of the typed client's traffic (wire-corpus/v<N>),
// replayed against the current server on the emulators, each call sent as it was recorded (the
// refs and digests it echoes taken from this run's answers) and each answer checked against
// that version's JSON Schema and what its client read: the same result status or the same
// refusal. The session it read at the end must still parse with that version's schema.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: wire corpus replay — no Firestore emulator ***\n');
// A version the server no longer answers is refused by design: its recordings stay, unreplayed.
const corpora = readCorpora().filter(({ corpus }) => corpus.protocolVersion >= OLDEST_PROTOCOL_VERSION);
const users = demoData().users as Record<string, { uid: string; email: string; password: string }>;

/** A validator of one version's schemas, by name. */
function validators(schemas: Record<string, object>) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return (name: string, value: unknown): string | undefined => {
    const validate = ajv.getSchema(name) ?? (ajv.addSchema(schemas[name] as object, name).getSchema(name) as never);
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };
}

/**
 * The chunk kinds a version's `wire-chunk` schema names: a client of that version ignores any
 * other (`isKnownChunk`; docs/reference.md, what an older client does with newer things).
 */
function knownChunkKinds(schemas: Record<string, object>): Set<string> {
  const schema = schemas['wire-chunk'] as { oneOf?: { properties?: { type?: { const?: string } } }[] };
  return new Set((schema.oneOf ?? []).map((branch) => branch.properties?.type?.const).filter((k) => k !== undefined));
}

/** The refusal as the recorded client read it: its code and reason. */
const refusal = (error: { status: string; details?: { reason?: string } }) => ({
  code: sdkCode(error as never),
  ...(error.details?.reason ? { reason: error.details.reason } : {}),
});

describe.skipIf(!host || corpora.length === 0)(
  'the recorded wire corpus, replayed against this server',
  { timeout: 240_000 },
  () => {
    let stack: OrderStack | undefined;
    const people = new Map<string, MobileUser>();
    const projectId = `demo-replay-${randomUUID().slice(0, 8)}`;

    beforeAll(async () => {
      stack = await startOrderStack({ projectId, firestoreHost: host as string, rules: true });
      const target = { projectId, firestoreHost: host as string, name: 'orderAssistant' };
      for (const name of new Set(
        corpora.flatMap((c) => c.corpus.scenarios.flatMap((s) => s.exchanges.map((e) => e.user))),
      )) {
        people.set(name, await mobileUser(stack, target, users[name] as (typeof users)[string]));
      }
    });

    afterAll(async () => {
      await stack?.stop();
    });

    for (const { corpus, schemas } of corpora) {
      const check = validators(schemas);
      const known = knownChunkKinds(schemas);
      for (const scenario of corpus.scenarios) {
        it(`answers version ${corpus.protocolVersion}'s ${scenario.name} as its client read it`, async () => {
          const values = new Map<string, string>();
          for (const exchange of scenario.exchanges) await replay(exchange, values, check, known, people);
          const owner = people.get(scenario.session.user) as MobileUser;
          const read = await getDocument(owner.firestore, `sessions/${scenario.session.id}`);
          expect(check('session-doc', read.data), 'the session document').toBeUndefined();
          expect(read.data?.status).toBe(scenario.session.data.status);
        });
      }
    }
  },
);

async function replay(
  exchange: RecordedExchange,
  values: Map<string, string>,
  check: ReturnType<typeof validators>,
  known: Set<string>,
  people: Map<string, MobileUser>,
): Promise<void> {
  const caller = people.get(exchange.user) as MobileUser;
  const request = withValues(exchange.request, values);
  const answer = await callOverHttp(caller.callable, request, { stream: exchange.stream });
  const what = `${JSON.stringify(exchange.request)} → ${JSON.stringify(answer.error ?? answer.result)}`;
  if ('error' in exchange.answer) {
    expect(answer.error, what).toBeDefined();
    expect(check('wire-error', { error: answer.error }), what).toBeUndefined();
    expect(refusal(answer.error as never), what).toEqual(exchange.answer.error);
    return;
  }
  expect(answer.error, what).toBeUndefined();
  expect(check(exchange.schema, answer.result), what).toBeUndefined();
  const recorded = exchange.answer.result as { status?: unknown };
  expect((answer.result as { status?: unknown }).status, what).toBe(recorded.status);
  // What the recorded client read: the kinds it knew (a kind added since, an artifact or a state
  // patch, it ignores), each as its schema says.
  const read = answer.chunks.filter((c) => known.has((c as { type: string }).type));
  for (const chunk of read) expect(check('wire-chunk', chunk), JSON.stringify(chunk)).toBeUndefined();
  expect(new Set(read.map((c) => (c as { type: string }).type))).toEqual(new Set(exchange.chunks.map((c) => c.type)));
  learnValues(exchange.answer.result, answer.result, values);
}
