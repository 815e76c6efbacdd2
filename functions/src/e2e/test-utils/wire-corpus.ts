import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WireCallable } from '@callable-flows/client';
import type { WireChunk, WireRequest } from '@callable-flows/protocol';
import { REPO_ROOT } from './functions-emulator.js';

// The recorded wire traffic of the typed client, one folder per protocol version
// (functions/src/e2e/wire-corpus/v<N>): corpus.json (the exchanges and the documents read) and
// schema/ (the JSON Schema that version's clients were built against). A wire change adds a
// folder; none is ever edited (docs/reference.md, recorded old apps).

/** Where the corpus lives. */
export const CORPUS_DIR = join(REPO_ROOT, 'functions/src/e2e/wire-corpus');

/** How a recorded call was answered: its result, or its refusal as the client read it. */
export type RecordedAnswer = { result: unknown } | { error: { code: string; reason?: string } };

/** One call of a recorded app: who sent what, how, and what came back. */
export interface RecordedExchange {
  /** The demo user who sent it (emulator-data). */
  user: string;
  stream: boolean;
  request: WireRequest;
  /** The schema (protocol/schema file name) its result is read with. */
  schema: string;
  answer: RecordedAnswer;
  /** The chunks it streamed, in order. */
  chunks: WireChunk[];
}

/** A recorded conversation: its calls in order, then the session document its owner read. */
export interface RecordedScenario {
  name: string;
  exchanges: RecordedExchange[];
  session: { id: string; user: string; data: Record<string, unknown> };
}

/** One version's corpus. */
export interface WireCorpus {
  protocolVersion: number;
  recordedWith: string;
  scenarios: RecordedScenario[];
}

/** Every recorded version, oldest first, with its schemas by name. */
export function readCorpora(): { corpus: WireCorpus; schemas: Record<string, object> }[] {
  if (!existsSync(CORPUS_DIR)) return [];
  const versions = readdirSync(CORPUS_DIR).filter((d) => /^v\d+$/.test(d));
  versions.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  return versions.map((dir) => {
    const corpus = JSON.parse(readFileSync(join(CORPUS_DIR, dir, 'corpus.json'), 'utf8')) as WireCorpus;
    const schemaDir = join(CORPUS_DIR, dir, 'schema');
    const schemas: Record<string, object> = {};
    for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.json') && f !== 'versions.json')) {
      schemas[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(schemaDir, file), 'utf8')) as object;
    }
    return { corpus, schemas };
  });
}

/** Where a recording call's exchange goes once it is answered. */
type Sink = (exchange: Omit<RecordedExchange, 'user' | 'schema'>) => void;

const refusalOf = (error: unknown): RecordedAnswer => {
  const { code, details } = error as { code?: string; details?: { reason?: string } };
  return {
    error: { code: String(code).replace(/^functions\//, ''), ...(details?.reason ? { reason: details.reason } : {}) },
  };
};

/** `callable`, handing every call's request, chunks and answer to `sink` as the client sent and read them. */
export function recordingCallable(callable: WireCallable, sink: Sink): WireCallable {
  const call = async (request: WireRequest) => {
    try {
      const answered = await callable(request);
      sink({ stream: false, request, answer: { result: answered.data }, chunks: [] });
      return answered;
    } catch (error) {
      sink({ stream: false, request, answer: refusalOf(error), chunks: [] });
      throw error;
    }
  };
  const stream: WireCallable['stream'] = async (request, options) => {
    const { stream: chunks, data } = await callable.stream(request, options);
    const seen: WireChunk[] = [];
    const recorded = (async function* () {
      for await (const chunk of chunks) {
        seen.push(chunk);
        yield chunk;
      }
    })();
    const settled = data.then(
      (result) => {
        sink({ stream: true, request, answer: { result }, chunks: seen });
        return result;
      },
      (error: unknown) => {
        sink({ stream: true, request, answer: refusalOf(error), chunks: seen });
        throw error;
      },
    );
    return { stream: recorded, data: settled };
  };
  return Object.assign(call, { stream });
}
