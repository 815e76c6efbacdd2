import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoFirestore } from '../test-utils/demo-firestore.js';
import { welcome } from './welcome.js';

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: welcome tests — no Firestore emulator ***\n');

let db: Firestore;
let close = async () => {};
const deps = { db: async () => db };
const guest = (uid: string) => ({ auth: { uid, token: { firebase: { sign_in_provider: 'anonymous' } } } }) as never;
const account = (uid: string) => ({ auth: { uid, token: { firebase: { sign_in_provider: 'password' } } } }) as never;

const saved = { key: process.env.GEMINI_API_KEY, emulator: process.env.FUNCTIONS_EMULATOR };
afterEach(() => {
  for (const [name, value] of [
    ['GEMINI_API_KEY', saved.key],
    ['FUNCTIONS_EMULATOR', saved.emulator],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe.skipIf(!host)('welcome', () => {
  beforeAll(async () => {
    ({ db, close } = await demoFirestore());
    process.env.FUNCTIONS_EMULATOR = 'true';
  });
  afterAll(() => close());

  it('gives a guest demo orders and says the scripted model answers when no Gemini key is set', async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    delete process.env.GEMINI_API_KEY;
    const answer = await welcome(deps, guest('welcome-guest'));
    expect(answer.model).toBe('scripted');
    expect(answer.orders).toHaveLength(2);
  });

  it("lists a signed-in account's own orders and makes none when the caller is not a guest", async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    process.env.GEMINI_API_KEY = 'a-key';
    const alice = await welcome(deps, account('uid-alice'));
    expect(alice).toEqual({
      model: 'gemini',
      orders: [
        { orderId: 'A-1001', item: 'Espresso grinder', status: 'processing' },
        { orderId: 'A-1002', item: 'Milk jug', status: 'shipped' },
      ],
    });
    expect(await welcome(deps, account('no-orders'))).toEqual({ model: 'gemini', orders: [] });
  });

  it('refuses a caller who is not signed in with UNAUTHENTICATED', async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    await expect(welcome(deps, {} as never)).rejects.toMatchObject({
      code: 'unauthenticated',
      details: { reason: 'UNAUTHENTICATED' },
    });
  });

  it('refuses a call without App Check with APP_CHECK_REQUIRED when deployed', async () => {
    delete process.env.FUNCTIONS_EMULATOR;
    await expect(welcome(deps, guest('welcome-guest-2'))).rejects.toMatchObject({
      details: { reason: 'APP_CHECK_REQUIRED' },
    });
  });
});
