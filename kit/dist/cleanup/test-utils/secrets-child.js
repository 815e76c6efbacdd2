// The child of the secrets test: with a key planted in its environment (GEMINI_API_KEY, set by
// the parent), it runs an agent turn whose user message and tool error quote keys, stores the
// trace (log + Firestore), then runs the scheduled cleanup through `.run()` so the session
// expires. The parent reads every document and every line this process printed.
// Run with Node's type stripping and the session layer's ts-resolve-hook.mjs.
import { z } from 'zod';
import { defineAgent } from '../../agent/index.js';
import { effects, transferTool } from '../../agent/test-utils/agent-fixtures.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { FirestoreSessionStore } from '../../session/firestore/index.js';
import { emulatorFirestore } from '../../session/test-utils/emulator-firestore.js';
import { defineTool } from '../../tools/index.js';
import { firestoreTraceSink, loggerTraceSink } from '../../trace/index.js';
import { notifyOwner } from '../notify-owner.js';
import { scheduledCleanup } from '../scheduled-cleanup.js';
const [host, projectId, prefix, keyShaped] = process.argv.slice(2);
const planted = process.env.GEMINI_API_KEY;
const firestore = emulatorFirestore(host, projectId);
const DAY = 86_400_000;
const lookup = defineTool({ name: 'lookup', description: 'looks up', inputSchema: z.object({ q: z.string() }) }, () => {
    throw new Error(`GET https://generativelanguage.googleapis.com/v1?key=${planted} failed: ${keyShaped}`);
});
const charge = defineTool({ name: 'charge', description: 'charges', inputSchema: z.object({ cents: z.number() }), sideEffects: 'idempotent' }, () => ({ receipt: `paid with key ${planted}` }));
const model = scriptedModel((request) => {
    const last = request.messages.at(-1);
    if (last.role !== 'user')
        return `the tools said ${JSON.stringify(last.content)}`;
    const ask = (name, input) => ({ toolRequest: { name, input } });
    return {
        message: {
            role: 'model',
            content: [ask('lookup', { q: 'x' }), ask('charge', { cents: 5 }), ask('transfer', { cents: 500 })],
        },
        finishReason: 'stop',
        usage: { inputTokens: 12, outputTokens: 3 },
    };
});
const store = new FirestoreSessionStore({ firestore, prefix, limits: { tailUnits: 300, chunkUnits: 600 } });
const agent = defineAgent({
    name: 'bank',
    model,
    tools: [lookup, charge, transferTool(effects())],
    store,
    clock: () => Date.now() - 2 * DAY,
    traces: [loggerTraceSink(), firestoreTraceSink({ firestore, collection: `${prefix}traces` })],
});
// The keys first (a trace keeps the input's first 200 characters), then enough text for history chunks.
const message = `my key is ${keyShaped} and ${planted}. ${'My account history is long. '.repeat(20)}`;
const asked = await agent.send(undefined, { message }, { uid: 'alice' });
if (asked.status !== 'interrupted')
    throw new Error(`expected an interrupted turn, got ${asked.status}`);
const cleanup = scheduledCleanup({
    store,
    onExpired: notifyOwner({ firestore, collection: `${prefix}notifications` }),
});
await cleanup.run({ scheduleTime: new Date().toISOString() });
await firestore.terminate();
process.stdout.write(`DONE ${asked.sessionId}\n`);
//# sourceMappingURL=secrets-child.js.map