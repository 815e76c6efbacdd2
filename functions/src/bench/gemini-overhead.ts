import type { GenerateRequest } from '@callable-flows/kit/model/index.js';
import { type GeminiModel, gemini } from '@callable-flows/kit/models/gemini/index.js';
import {
  type FakeGemini,
  type GeminiJson,
  geminiResponse,
  geminiText,
  geminiTextChunks,
  startFakeGemini,
} from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import type { GenerateContentParameters, GoogleGenAI } from '@google/genai';
import type { BenchTable } from './bench-table.js';
import { median } from './measure.js';

const MODEL = 'gemini-bench';
const API_KEY = 'bench-key';

/** One measured case: the same exchange made through the adapter and through the SDK. */
interface Case {
  name: string;
  /** What the fake answers both callers. */
  answer: { response?: GeminiJson; chunks?: GeminiJson[] };
  request: GenerateRequest;
  /** The SDK call a user would write for the same exchange. */
  direct: GenerateContentParameters;
  stream: boolean;
}

const SCHEMA = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };

function textCase(): Case {
  const system = 'You are a terse assistant.';
  const prompt = 'Say hello in five words.';
  return {
    name: 'text answer',
    answer: { response: geminiText('Hello there, how are you?', { usage: { promptTokenCount: 12 } }) },
    request: {
      messages: [
        { role: 'system', content: [{ text: system }] },
        { role: 'user', content: [{ text: prompt }] },
      ],
      config: { temperature: 0.2 },
    },
    direct: {
      model: MODEL,
      contents: [{ role: 'user', parts: [{ text: prompt }] }],
      config: { systemInstruction: system, temperature: 0.2 },
    },
    stream: false,
  };
}

function toolCallCase(): Case {
  const call = {
    toolRequest: { name: 'orders/lookup', ref: 'c1', input: { id: 'A' } },
    metadata: { thoughtSignature: 'sig' },
  };
  const result = { toolResponse: { name: 'orders/lookup', ref: 'c1', output: { status: 'shipped' } } };
  return {
    name: 'tool call (2 tools, 4-message history)',
    answer: { response: geminiResponse([{ functionCall: { id: 'c2', name: 'orders__lookup', args: { id: 'B' } } }]) },
    request: {
      messages: [
        { role: 'user', content: [{ text: 'Check A then B.' }] },
        { role: 'model', content: [call] },
        { role: 'tool', content: [result] },
        { role: 'user', content: [{ text: 'And B?' }] },
      ],
      tools: [
        { name: 'orders/lookup', description: 'Finds an order.', inputSchema: SCHEMA },
        { name: 'orders/cancel', description: 'Cancels an order.', inputSchema: SCHEMA },
      ],
    },
    direct: {
      model: MODEL,
      contents: [
        { role: 'user', parts: [{ text: 'Check A then B.' }] },
        {
          role: 'model',
          parts: [{ functionCall: { id: 'c1', name: 'orders__lookup', args: { id: 'A' } }, thoughtSignature: 'sig' }],
        },
        {
          role: 'user',
          parts: [{ functionResponse: { id: 'c1', name: 'orders__lookup', response: { status: 'shipped' } } }],
        },
        { role: 'user', parts: [{ text: 'And B?' }] },
      ],
      config: {
        tools: [
          {
            functionDeclarations: [
              { name: 'orders__lookup', description: 'Finds an order.', parametersJsonSchema: SCHEMA },
              { name: 'orders__cancel', description: 'Cancels an order.', parametersJsonSchema: SCHEMA },
            ],
          },
        ],
      },
    },
    stream: false,
  };
}

function cases(): Case[] {
  const text = textCase();
  const streamed: Case = {
    ...text,
    name: 'streamed text (6 chunks)',
    answer: { chunks: geminiTextChunks('Hello there, how are you today?') },
    stream: true,
  };
  // The text answer as one streamed chunk: what a turn costs when it streams (it always does
  // for every watcher's live words) though its caller doesn't — against "text answer" above.
  const oneChunk: Case = {
    ...text,
    name: 'the text answer streamed (1 chunk)',
    answer: { chunks: [text.answer.response as GeminiJson] },
    stream: true,
  };
  return [text, oneChunk, streamed, toolCallCase()];
}

async function viaAdapter(model: GeminiModel, c: Case): Promise<void> {
  const response = await model.generate(c.request, c.stream ? { onChunk: () => {} } : {});
  if (!response.message?.content.length) throw new Error(`adapter: empty answer in '${c.name}'`);
}

async function viaSdk(ai: GoogleGenAI, c: Case): Promise<void> {
  if (c.stream) {
    let parts = 0;
    for await (const chunk of await ai.models.generateContentStream(c.direct)) parts += chunk.candidates?.length ?? 0;
    if (!parts) throw new Error(`sdk: empty stream in '${c.name}'`);
    return;
  }
  const response = await ai.models.generateContent(c.direct);
  if (!response.candidates?.length) throw new Error(`sdk: empty answer in '${c.name}'`);
}

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return (performance.now() - start) * 1000;
}

/**
 * Interleaves the two callers (alternating who goes first) so drift affects both alike; the
 * overhead is the median of the paired differences, steadier than a difference of medians.
 */
async function compare(model: GeminiModel, ai: GoogleGenAI, c: Case, iterations: number, warmup: number) {
  const adapter: number[] = [];
  const sdk: number[] = [];
  const paired: number[] = [];
  for (let i = 0; i < warmup; i++) {
    await viaAdapter(model, c);
    await viaSdk(ai, c);
  }
  for (let i = 0; i < iterations; i++) {
    if (i % 2) {
      adapter.push(await timed(() => viaAdapter(model, c)));
      sdk.push(await timed(() => viaSdk(ai, c)));
    } else {
      sdk.push(await timed(() => viaSdk(ai, c)));
      adapter.push(await timed(() => viaAdapter(model, c)));
    }
    paired.push((adapter[i] as number) - (sdk[i] as number));
  }
  return { adapterUs: median(adapter), sdkUs: median(sdk), overheadUs: median(paired) };
}

/**
 * The Gemini adapter's overhead per call: the same exchanges against the same fake Gemini
 * server, through `gemini()` and through `@google/genai` directly; the ratio's target is ≤ 1.10.
 */
export async function runGeminiOverheadBench({ iterations = 1500, warmup = 200 } = {}): Promise<BenchTable> {
  const fake: FakeGemini = await startFakeGemini();
  try {
    const model = gemini({ model: MODEL, apiKey: API_KEY, httpOptions: { baseUrl: fake.url } });
    const { GoogleGenAI } = await import('@google/genai');
    const ai = new GoogleGenAI({ apiKey: API_KEY, httpOptions: { baseUrl: fake.url } });
    const rows: (string | number)[][] = [];
    for (const c of cases()) {
      fake.reset();
      fake.answerWith(c.answer);
      const { adapterUs, sdkUs, overheadUs } = await compare(model, ai, c, iterations, warmup);
      rows.push([
        c.name,
        Math.round(sdkUs),
        Math.round(adapterUs),
        Math.round(overheadUs),
        (adapterUs / sdkUs).toFixed(3),
        (1 + overheadUs / sdkUs).toFixed(3),
      ]);
    }
    return {
      title: 'Gemini adapter overhead per call (fake Gemini server on loopback)',
      columns: [
        'exchange',
        'SDK direct median µs',
        'gemini() median µs',
        'paired overhead median µs',
        'ratio of medians (target ≤ 1.10)',
        'ratio from paired overhead',
      ],
      rows,
      notes: [
        `median of ${iterations} calls each, interleaved (alternating first caller), after ${warmup} warm-up pairs`,
        'both callers use @google/genai over real HTTP to the same fake server; the adapter adds request/response mapping, the model middleware, response validation and its deadline signal',
      ],
    };
  } finally {
    await fake.close();
  }
}
