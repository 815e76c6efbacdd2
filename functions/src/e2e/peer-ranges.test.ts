import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanCopy, packPackages, run } from '../packages/published-packages.js';
import { REPO_ROOT } from './test-utils/functions-emulator.js';

// The kit's peer ranges, tried at both ends: a project installs the packed kit beside the oldest
// firebase-admin and firebase-functions the ranges accept, then the newest, with npm's strict peer
// resolution; the project's own tsc compiles an agent, and the agent asks, resumes and streams
// through its callable's `fn.run`. firebase-functions 6.3.0 is the first that exports the streaming
// callable's types (`CallableResponse`: `acceptsStreaming`, `sendChunk`),
// which the kit's callable signature names: older 6.x is refused by the range.

const kitPeers = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'kit/package.json'), 'utf8')) as { peerDependencies: Record<string, string> }
).peerDependencies;

const ENDS = [
  { end: 'oldest', admin: '13.0.0', functions: '6.3.0' },
  { end: 'newest', admin: '^14.0.0', functions: '^7.0.0' },
];

/** The adopter's agent: one tool that asks first; it prints what each call returned. */
const INDEX_TS = `import { defineAgent, defineTool, FirestoreSessionStore, type GenerateRequest, InMemorySessionStore, onCallFlow, scriptedModel } from '@callable-flows/kit';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { CallableRequest, CallableResponse } from 'firebase-functions/v2/https';
import { z } from 'zod';

// Compiled, never called: the store takes this firebase-admin's Firestore.
export const firestoreStore = () => new FirestoreSessionStore({ firestore: getFirestore(initializeApp({ projectId: 'demo-peers' })) });

const book = defineTool(
  { name: 'book', description: 'Books a room; a person approves first.', inputSchema: z.object({ room: z.string() }), outputSchema: z.object({ booked: z.boolean() }), sideEffects: 'idempotent' },
  async ({ room }, ctx) => {
    if (!ctx.resumed) ctx.interrupt({ question: \`Book \${room}?\` });
    return { booked: true };
  },
);
const model = scriptedModel(
  (request: GenerateRequest) =>
    request.messages.at(-1)?.content.some((part) => 'toolResponse' in part)
      ? 'Booked.'
      : { message: { role: 'model', content: [{ toolRequest: { name: 'book', ref: 'b1', input: { room: 'Ada' } } }] }, finishReason: 'stop' },
  { record: false },
);
const fn = onCallFlow({}, defineAgent({ name: 'rooms', model, tools: [book], store: new InMemorySessionStore() }));
const request = (data: unknown, acceptsStreaming = false) =>
  ({ data, acceptsStreaming, rawRequest: { headers: {} }, auth: { uid: 'u1', rawToken: 'raw', token: { uid: 'u1', sub: 'u1' } } }) as unknown as CallableRequest;

type Result = { sessionId: string; status: string; text?: string; interrupts?: { ref: string; name: string }[] };
const asked = (await fn.run(request({ message: 'Book Ada' }))) as Result;
const { ref, name } = asked.interrupts?.[0] ?? { ref: '', name: '' };
const done = (await fn.run(request({ sessionId: asked.sessionId, resume: { restart: [{ ref, name }] } }))) as Result;
const chunks: unknown[] = [];
const stream: CallableResponse<unknown> = { sendChunk: async (chunk) => (chunks.push(chunk), true), signal: new AbortController().signal };
const streamed = (await fn.run(request({ message: 'Book Ada' }, true), stream)) as Result;
console.log(JSON.stringify({ asked: asked.status, done: done.status, text: done.text, streamed: streamed.status, chunks: chunks.length }));
`;

describe('the kit at both ends of its firebase-admin and firebase-functions peer ranges', () => {
  let root = '';
  let tarballs = { kit: '', protocol: '' };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'callable-flows-peers-'));
    const packed = packPackages(cleanCopy(join(root, 'clean')), root);
    const file = (name: string) => join(root, packed.find((p) => p.name === `@callable-flows/${name}`)?.filename ?? '');
    tarballs = { kit: file('kit'), protocol: file('protocol') };
  }, 300_000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('the ranges name both majors of each', () => {
    expect(kitPeers['firebase-admin']).toBe('^13.0.0 || ^14.0.0');
    expect(kitPeers['firebase-functions']).toBe('^6.3.0 || ^7.0.0');
  });

  it.each(ENDS)(
    'installs, compiles and runs with the $end: firebase-admin $admin, firebase-functions $functions',
    (end) => {
      const project = join(root, end.end);
      mkdirSync(join(project, 'src'), { recursive: true });
      const pkg = {
        name: `peers-${end.end}`,
        private: true,
        type: 'module',
        dependencies: {
          '@callable-flows/kit': `file:${tarballs.kit}`,
          '@callable-flows/protocol': `file:${tarballs.protocol}`,
          'firebase-admin': end.admin,
          'firebase-functions': end.functions,
          zod: '^4.0.0',
        },
        devDependencies: { typescript: '^5.9.3' },
        overrides: { '@callable-flows/protocol': '$@callable-flows/protocol' },
      };
      writeFileSync(join(project, 'package.json'), JSON.stringify(pkg, null, 2));
      const tsconfig = { module: 'NodeNext', target: 'es2022', strict: true, skipLibCheck: true, outDir: 'lib' };
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: tsconfig, include: ['src'] }));
      writeFileSync(join(project, 'src/index.ts'), INDEX_TS);
      // npm's default, strict peer resolution: a range that refused these versions fails here with ERESOLVE.
      run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], project);
      run('npx', ['tsc'], project);
      const installed = (name: string) =>
        (JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
          .version;
      expect(installed('firebase-admin').split('.')[0]).toBe(end.admin.replace(/^\^/, '').split('.')[0]);
      expect(installed('firebase-functions').split('.')[0]).toBe(end.functions.replace(/^\^/, '').split('.')[0]);
      const printed = run('node', ['lib/index.js'], project).trim().split('\n').at(-1) ?? '';
      expect(JSON.parse(printed)).toEqual({
        asked: 'interrupted',
        done: 'done',
        text: 'Booked.',
        streamed: 'interrupted',
        chunks: expect.any(Number),
      });
      expect((JSON.parse(printed) as { chunks: number }).chunks).toBeGreaterThan(0);
    },
    600_000,
  );
});
