import { FieldValue, type Firestore, GeoPoint, Timestamp } from '@google-cloud/firestore';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import type { DocumentDb, DocumentSnap } from './document-db.js';
import { restFieldValues } from './rest-field-values.js';
import { RestFirestore } from './rest-firestore.js';
import { RestGeoPoint } from './rest-geo-point.js';
import { RestTimestamp } from './rest-timestamp.js';
import type { WriteMode } from './rest-write.js';

// The REST client against @google-cloud/firestore, on the emulator, over generated documents.
// Each generated value is a twin: made once in the SDK's types (GeoPoint, Timestamp, its
// references, FieldValue) and once in what the REST client takes (the same SDK objects, or its
// own RestGeoPoint, RestTimestamp, references and sentinels). A document the REST client wrote
// and one the SDK wrote, each read by both clients, must read the same after `normal()`
// (geo point → coordinates, reference → path, time → seconds.nanos, bytes → base64, numbers as
// text so -0 and NaN stay themselves) — or the value is refused by both: by the REST client
// before anything is sent (a TypeError naming the field, never the value), by the SDK as it
// refuses it (its own check, or the server's). Each property also asserts its mix, so a
// generator that drifts can't pass by saying little. Seeds are fixed: a failure prints its
// counterexample and reproduces with the same seed.

const SEED = 20_261_202;
const RUNS = { valid: 150, invalid: 150, writes: 200 } as const;
/** How often each value kind, each invalid kind, each outcome must have come up. */
const MIN_REACHED = 5;
/** Stands for document content in a refused value: no message may carry it. */
const MARKER = 'MARKER-c0ffee';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('values');
let sdk: Firestore;
let rest: RestFirestore;

beforeAll(() => {
  if (!host) return;
  sdk = emulatorFirestore(host, projectId);
  rest = new RestFirestore({ projectId });
});
afterAll(async () => {
  await Promise.all([sdk?.terminate(), rest?.close()]);
});

type Side = 'sdk' | 'rest';
/** A value as each client is given it, made when a property runs (references need the clients); `kinds`: what it holds. */
interface Twin {
  readonly kinds: readonly string[];
  make(side: Side): unknown;
}
const same = (kind: string, value: unknown): Twin => ({ kinds: [kind], make: () => value });
const twin = (kind: string, make: (side: Side) => unknown): Twin => ({ kinds: [kind], make });
const mapOf = (entries: ReadonlyArray<readonly [string, Twin]>): Twin => ({
  kinds: ['map', ...entries.flatMap(([, t]) => t.kinds)],
  make: (side) => Object.fromEntries(entries.map(([key, t]) => [key, t.make(side)])),
});
const arrayOf = (items: readonly Twin[]): Twin => ({
  kinds: ['array', ...items.flatMap((t) => t.kinds)],
  make: (side) => items.map((t) => t.make(side)),
});
const deleteOf = (side: Side) => (side === 'sdk' ? FieldValue.delete() : restFieldValues.delete());
const incrementOf = (by: number) => (side: Side) =>
  side === 'sdk' ? FieldValue.increment(by) : restFieldValues.increment(by);
const count = (seen: Map<string, number>, kinds: readonly string[]) => {
  for (const kind of kinds) seen.set(kind, (seen.get(kind) ?? 0) + 1);
};
const expectReached = (seen: Map<string, number>, kinds: readonly string[]) => {
  for (const kind of kinds) expect(seen.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(MIN_REACHED);
};

// ---- Valid values ------------------------------------------------------------------------

/** Names Firestore and the SDK take for a field, odd ones first. */
const fieldName = fc.oneof(
  fc.constantFrom(
    'a.b',
    'c`d',
    '\\',
    '*~/[]',
    ' ',
    '1',
    '007',
    'é',
    '😀',
    'constructor',
    'toString',
    '__',
    '____',
    '__a',
    '\u0000',
  ),
  // The SDK drops an own __proto__ key (its encoder sets the prototype instead): so must REST.
  fc.constant('__proto__'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }).filter((name) => !/^__.+__$/s.test(name)),
);
/** What an id may hold, odd characters included (a prefix keeps it from '.', '..' and __…__). */
const idText = fc.string({
  unit: fc.constantFrom(
    'a',
    'Z',
    '0',
    ' ',
    '.',
    '%',
    '#',
    '?',
    '`',
    '\\',
    'é',
    '😀',
    '~',
    '*',
    '[',
    ']',
    '+',
    '&',
    '"',
    ':',
    '@',
  ),
  minLength: 1,
  maxLength: 5,
});
const refPath = fc
  .tuple(idText, idText, fc.option(fc.tuple(idText, idText), { nil: undefined }))
  .map(([c, d, sub]) => `c${c}/d${d}${sub ? `/s${sub[0]}/e${sub[1]}` : ''}`);

const leaf: fc.Arbitrary<Twin> = fc.oneof(
  fc.constant(same('null', null)),
  fc.boolean().map((v) => same('boolean', v)),
  fc
    .oneof(fc.integer(), fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER))
    .map((v) => same('integer', v)),
  fc
    .oneof(fc.double(), fc.constantFrom(-0, Number.NaN, Number.NEGATIVE_INFINITY, 2 ** 53, 5e-324))
    .map((v) => same('double', v)),
  fc.constant(-0).map((v) => same('-0', v)),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((v) => same('bigint', v)),
  fc.string({ unit: 'binary', maxLength: 8 }).map((v) => same('string', v)),
  fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
    .map((v) => same('date', v)),
  fc
    .tuple(
      fc.integer({ min: -62_135_596_800, max: 253_402_300_799 }),
      fc.integer({ min: 0, max: 999_999_999 }),
      fc.boolean(),
    )
    .map(([seconds, nanos, own]) =>
      twin(own ? 'RestTimestamp' : 'Timestamp', (side) =>
        side === 'rest' && own ? RestTimestamp.of(seconds, nanos) : new Timestamp(seconds, nanos),
      ),
    ),
  fc
    .tuple(fc.uint8Array({ maxLength: 8 }), fc.boolean())
    .map(([bytes, buffer]) => same(buffer ? 'Buffer' : 'Uint8Array', buffer ? Buffer.from(bytes) : bytes)),
  fc
    .tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), fc.boolean())
    .map(([latitude, longitude, own]) =>
      twin(own ? 'RestGeoPoint' : 'GeoPoint', (side) =>
        side === 'rest' && own ? new RestGeoPoint(latitude, longitude) : new GeoPoint(latitude, longitude),
      ),
    ),
  fc
    .tuple(refPath, fc.boolean())
    .map(([path, own]) =>
      twin(own ? 'REST reference' : 'SDK reference', (side) =>
        side === 'rest' && own ? rest.doc(path) : sdk.doc(path),
      ),
    ),
);

const { map: validMap } = fc.letrec<{ value: Twin; element: Twin; map: Twin }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('map'), fc.array(tie('element'), { maxLength: 4 }).map(arrayOf)),
  // Firestore holds no array directly in an array (a map in between is fine).
  element: fc.oneof({ depthSize: 'small' }, leaf, tie('map')),
  map: fc.uniqueArray(fc.tuple(fieldName, tie('value')), { selector: ([key]) => key, maxLength: 4 }).map(mapOf),
}));

// ---- Invalid values: each refused by the SDK, however it is wrapped ---------------------------

const nested = (levels: number, value: unknown): unknown => (levels ? { a: nested(levels - 1, value) } : value);
const invalidValue: fc.Arbitrary<Twin> = fc.oneof(
  fc.constant(same('undefined', undefined)),
  fc.constant(same('function', () => MARKER)),
  fc.constant(same('symbol', Symbol(MARKER))),
  fc.constant(
    same(
      'class instance',
      new (class Secretive {
        readonly note = MARKER;
      })(),
    ),
  ),
  fc.constant(same('Map', new Map([[MARKER, MARKER]]))),
  fc.constant(same('Int8Array', new Int8Array([1]))),
  fc.constant(same('array in array', [[MARKER]])),
  // biome-ignore lint/suspicious/noSparseArray: the hole is the point
  fc.constant(same('sparse array', [MARKER, , MARKER])),
  fc.constant(same('undefined in array', [MARKER, undefined])),
  fc.constantFrom('\ud800', '\udfff', 'a\udc00b').map((s) => same('lone surrogate', `${MARKER}${s}`)),
  fc.constant(same('empty key', { '': MARKER })),
  fc.constantFrom('__x__', '__name__', '_____').map((key) => same('reserved key', { [key]: MARKER })),
  fc.constant(same('lone surrogate key', { 'k\ud800': MARKER })),
  fc.constant(same('too deep', nested(22, MARKER))),
  fc.constant(same('invalid Date', new Date(Number.NaN))),
  fc.constant(same('Date out of range', new Date(Date.UTC(10_000, 0, 1)))),
  fc.constant(twin('delete in a set', deleteOf)),
  fc.constant(twin('increment in an array', (side) => [incrementOf(1)(side)])),
);
/**
 * A key to hold an invalid value. Not __proto__: the SDK checks a value there, then drops it
 * unsent, so what only the server refuses (an array in an array) is written without it by the
 * SDK and refused by REST, which checks everything it drops (a documented difference).
 */
const holdingKey = fieldName.filter((key) => key !== '__proto__');
/** Where the invalid value goes: under map keys and in arrays, from the inside out. */
const wrapping = fc.array(
  fc.oneof(
    holdingKey.map((key) => ({ key })),
    fc.constant({ key: undefined }),
  ),
  { maxLength: 3 },
);
const wrap = (inner: Twin, around: ReadonlyArray<{ key: string | undefined }>): Twin =>
  around.reduce<Twin>((t, { key }) => (key === undefined ? arrayOf([t]) : mapOf([[key, t]])), inner);

// ---- Writes of each mode, with sentinels anywhere -----------------------------------------

const smallValue = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map((v) => same('integer', v)),
  fc.constantFrom(1.5, -0).map((v) => same('double', v)),
  fc.constant(same('string', MARKER)),
  fc.constant(mapOf([])),
);
const sentinel = fc.oneof(
  { arbitrary: fc.constant(twin('delete', deleteOf)), weight: 3 },
  {
    arbitrary: fc
      .oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -0, Number.NaN, 2 ** 60))
      .map((by) => twin('increment', incrementOf(by))),
    weight: 3,
  },
  { arbitrary: fc.constant(twin('increment by a string', incrementOf('1' as unknown as number))), weight: 1 },
);
const writeKey = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'b', 'n', 'é'), weight: 3 },
  // Dotted: a field path in an update, a name elsewhere.
  { arbitrary: fc.constantFrom('a.b', 'a.c', 'n.m', 'b.x.y'), weight: 2 },
  // Keys no update takes (and the empty one, which nothing takes).
  { arbitrary: fc.constantFrom('a..b', 'a*', '.a', ''), weight: 1 },
);
const { value: writeValue } = fc.letrec<{ value: Twin }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    { arbitrary: smallValue, weight: 3 },
    { arbitrary: sentinel, weight: 3 },
    {
      arbitrary: fc.uniqueArray(fc.tuple(writeKey, tie('value')), { selector: ([k]) => k, maxLength: 3 }).map(mapOf),
      weight: 2,
    },
    { arbitrary: fc.array(fc.oneof(smallValue, sentinel), { minLength: 1, maxLength: 2 }).map(arrayOf), weight: 1 },
  ),
}));
const baseDoc = fc
  .uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'n', 'é'), smallValue), { selector: ([k]) => k, maxLength: 3 })
  .map(mapOf);

// ---- Reading both ways ---------------------------------------------------------------------

const isPlain = (value: object) => [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** A read value in one form for both clients: what the SDK's types and the REST client's share. */
function normal(value: unknown): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return { number: Object.is(value, -0) ? '-0' : String(value) };
  if (typeof value !== 'object') return { unexpected: typeof value };
  if (Array.isArray(value)) return value.map(normal);
  if (value instanceof Uint8Array)
    return { bytes: Buffer.from(value).toString('base64'), buffer: Buffer.isBuffer(value) };
  const shape = value as Record<string, unknown>;
  if (isPlain(value)) return { map: Object.fromEntries(Object.keys(shape).map((key) => [key, normal(shape[key])])) };
  if (typeof shape.seconds === 'number' && typeof shape.toMillis === 'function' && typeof shape.toDate === 'function') {
    const date = (value as { toDate(): Date }).toDate().getTime();
    return { time: `${shape.seconds}.${shape.nanoseconds}`, order: String(value.valueOf()), date };
  }
  if (typeof shape.latitude === 'number' && typeof shape.isEqual === 'function') {
    return { geo: [normal(shape.latitude), normal(shape.longitude)] };
  }
  if (typeof shape.path === 'string' && typeof shape.get === 'function' && typeof shape.collection === 'function') {
    return { ref: shape.path, id: shape.id };
  }
  return { unexpected: (value as { constructor?: { name?: string } }).constructor?.name };
}

/** A document as read, its id without its first letter (r… by REST, s… by the SDK). */
const readOf = (snap: unknown) => {
  const doc = snap as DocumentSnap;
  return { exists: doc.exists, id: doc.id.slice(1), data: normal(doc.data()) };
};

/** Reads the documents at `paths` with both clients: [SDK's reads, REST's reads]. */
async function readBoth(paths: readonly string[]) {
  const [bySdk, byRest] = await Promise.all([
    sdk.getAll(...paths.map((path) => sdk.doc(path))),
    (rest as DocumentDb).getAll(...paths.map((path) => rest.doc(path))),
  ]);
  return [bySdk.map(readOf), byRest.map(readOf)] as const;
}

let runs = 0;
/** A fresh document id around an odd text; the REST-written one starts with r, the SDK-written one with s. */
const idsOf = (odd: string) => {
  const id = `${++runs}-${odd}`;
  return { restPath: `vals/r${id}`, sdkPath: `vals/s${id}` };
};

/** What a client did with a write: refused it before sending (no code), or the server's code, or 0 (written). */
async function outcome(
  write: () => { commit(): Promise<unknown> },
): Promise<{ code: number | 'refused'; message?: string }> {
  let batch: { commit(): Promise<unknown> };
  try {
    batch = write();
  } catch (error) {
    return { code: 'refused', message: (error as Error).message };
  }
  try {
    await batch.commit();
    return { code: 0 };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // The SDK encodes at commit: a value it can't encode fails there, before any call, without a code.
    return typeof code === 'number' ? { code, message: (error as Error).message } : { code: 'refused' };
  }
}

describe.skipIf(!host)('the REST client writes and reads values as @google-cloud/firestore does', () => {
  it('reads the same documents both ways: REST-written and SDK-written, each read by both (batched)', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(idText, validMap), { minLength: 1, maxLength: 4 }), async (docs) => {
        const written = docs.map(([odd, doc]) => ({ ...idsOf(odd), doc }));
        const [restBatch, sdkBatch] = [rest.batch(), sdk.batch()];
        for (const { restPath, sdkPath, doc } of written) {
          count(seen, doc.kinds);
          restBatch.set(rest.doc(restPath), doc.make('rest') as Record<string, unknown>);
          sdkBatch.set(sdk.doc(sdkPath), doc.make('sdk') as Record<string, unknown>);
        }
        await Promise.all([restBatch.commit(), sdkBatch.commit()]);
        const [bySdk, byRest] = await readBoth(written.flatMap(({ restPath, sdkPath }) => [restPath, sdkPath]));
        for (const [i, sdkOfRest] of bySdk.entries()) {
          expect(sdkOfRest.exists).toBe(true);
          expect(byRest[i]).toEqual(sdkOfRest);
          if (i % 2) expect(sdkOfRest).toEqual(bySdk[i - 1]);
        }
      }),
      { seed: SEED, numRuns: RUNS.valid },
    );
    expectReached(seen, [
      'null',
      'boolean',
      'integer',
      'double',
      '-0',
      'bigint',
      'string',
      'date',
      'Timestamp',
      'RestTimestamp',
      'Buffer',
      'Uint8Array',
      'GeoPoint',
      'RestGeoPoint',
      'SDK reference',
      'REST reference',
      'map',
      'array',
    ]);
  });

  it('refuses, before sending and naming the field (never the value), what the SDK refuses', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        idText,
        validMap,
        holdingKey,
        invalidValue,
        wrapping,
        async (odd, valid, key, invalid, around) => {
          count(seen, invalid.kinds);
          const placed = wrap(invalid, around);
          const docOf = (side: Side) => ({ ...(valid.make(side) as object), [key]: placed.make(side) });
          const { restPath, sdkPath } = idsOf(odd);
          let refusal: unknown;
          try {
            rest.batch().set(rest.doc(restPath), docOf('rest'));
          } catch (error) {
            refusal = error;
          }
          expect(refusal).toBeInstanceOf(TypeError);
          expect((refusal as Error).message).toMatch(/\(field ".*"\)$/s);
          expect((refusal as Error).message).not.toContain(MARKER);
          const sdkWay = await outcome(() => sdk.batch().set(sdk.doc(sdkPath), docOf('sdk')));
          expect(sdkWay.code, 'the SDK wrote it').not.toBe(0);
          count(seen, [sdkWay.code === 'refused' ? 'SDK refused' : 'server refused the SDK']);
        },
      ),
      { seed: SEED, numRuns: RUNS.invalid },
    );
    expectReached(seen, ['SDK refused', 'server refused the SDK']);
    // Fewer runs than kinds times MIN_REACHED: each kind at least twice.
    for (const kind of [
      'undefined',
      'function',
      'symbol',
      'class instance',
      'array in array',
      'sparse array',
      'lone surrogate',
      'empty key',
      'reserved key',
      'too deep',
      'delete in a set',
      'increment in an array',
    ]) {
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(2);
    }
  });

  it('writes each mode (set, merge, update, create) as the SDK does, sentinels and dotted keys included, or refuses as it does', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        idText,
        fc.option(baseDoc, { nil: undefined, freq: 2 }),
        fc.constantFrom<WriteMode>('set', 'merge', 'update', 'create'),
        fc.uniqueArray(fc.tuple(writeKey, writeValue), { selector: ([k]) => k, maxLength: 4 }).map(mapOf),
        async (odd, base, mode, data) => {
          const { restPath, sdkPath } = idsOf(odd);
          if (base) {
            await sdk
              .batch()
              .set(sdk.doc(restPath), base.make('sdk') as object)
              .set(sdk.doc(sdkPath), base.make('sdk') as object)
              .commit();
          }
          const restData = data.make('rest') as Record<string, unknown>;
          const sdkData = data.make('sdk') as Record<string, unknown>;
          const restWay = await outcome(() => {
            const batch = rest.batch();
            const ref = rest.doc(restPath);
            if (mode === 'create') return batch.create(ref, restData);
            if (mode === 'update') return batch.update(ref, restData);
            return batch.set(ref, restData, { merge: mode === 'merge' });
          });
          const sdkWay = await outcome(() => {
            const batch = sdk.batch();
            const ref = sdk.doc(sdkPath);
            if (mode === 'create') return batch.create(ref, sdkData);
            if (mode === 'update') return batch.update(ref, sdkData);
            return batch.set(ref, sdkData, { merge: mode === 'merge' });
          });
          if (restWay.code === 'refused') expect(restWay.message).not.toContain(MARKER);
          // Refused by both, the same way where the server refused; or written by both, alike.
          expect(
            restWay.code === 0,
            `REST ${restWay.code} ${restWay.message}, SDK ${sdkWay.code} ${sdkWay.message}`,
          ).toBe(sdkWay.code === 0);
          if (sdkWay.code === 'refused') expect(restWay.code, 'REST sent what the SDK refuses to send').toBe('refused');
          if (typeof sdkWay.code === 'number' && typeof restWay.code === 'number')
            expect(restWay.code).toBe(sdkWay.code);
          count(seen, [
            `${mode} ${sdkWay.code === 0 ? 'written' : sdkWay.code === 'refused' ? 'refused' : 'server refused'}`,
            ...data.kinds,
          ]);
          const [bySdk, byRest] = await readBoth([restPath, sdkPath]);
          expect(bySdk[0]).toEqual(bySdk[1]);
          expect(byRest).toEqual(bySdk);
        },
      ),
      { seed: SEED, numRuns: RUNS.writes },
    );
    expectReached(seen, ['delete', 'increment', 'set written', 'merge written', 'update written', 'create written']);
    expectReached(seen, ['set refused', 'merge refused', 'update refused', 'create refused', 'update server refused']);
  });
});
