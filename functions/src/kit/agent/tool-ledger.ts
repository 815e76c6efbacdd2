import { assignRefs, type ToolMiddleware } from '../generate/index.js';
import type { Message, ModelMiddleware } from '../model/index.js';
import type { LedgerEntry } from '../session/ledger-entry.js';
import { inputHash, ledgerKey } from '../session/ledger-key.js';
import type { SessionStore } from '../session/session-store.js';
import type { ToolResult } from '../tools/index.js';
import { redactValue } from '../trace/index.js';
import type { TurnWriter } from './turn-writer.js';

/** What the ledger of one turn needs. */
export interface TurnLedgerScope {
  store: SessionStore;
  writer: TurnWriter;
  /** Refs of tool requests already stored when the turn began (a resume's, a retry's). */
  storedRefs: ReadonlySet<string>;
  /** The stored history that a generation's messages stand for (adds what the summary covers). */
  toStored(messages: readonly Message[]): Message[];
  clock: () => number;
  ttlMs: number;
}

function toToolResult(entry: LedgerEntry): ToolResult {
  const result: ToolResult = { output: entry.result.output };
  if (entry.result.content) result.content = entry.result.content;
  if (entry.result.metadata) result.metadata = entry.result.metadata;
  return result;
}

function toLedgerResult(result: ToolResult): LedgerEntry['result'] {
  const recorded: LedgerEntry['result'] = { output: result.output };
  if (result.content) recorded.content = result.content;
  if (result.metadata) recorded.metadata = result.metadata;
  return recorded;
}

/**
 * The tool ledger of one turn. Before a tool declared `sideEffects: 'idempotent'` runs for a
 * new call, the model message that asked for it is stored (a checkpoint), so a retry finds
 * the call under the same ref (tools use `ctx.ref` as their downstream idempotency key).
 * After it runs, its result is recorded in the ledger in the same commit that notes the key
 * on the session, before the turn goes on. A call whose key is noted gets the recorded result.
 */
export class TurnLedger {
  private readonly scope: TurnLedgerScope;
  /** The generation's conversation as of the last model answer. */
  private latest: Message[] | undefined;
  private stored: Message[] | undefined;
  private checkpoint: Promise<unknown> | undefined;

  constructor(scope: TurnLedgerScope) {
    this.scope = scope;
  }

  /** Model middleware that gives tool requests their refs and remembers the conversation so far. */
  readonly modelMiddleware: ModelMiddleware = async (request, options, next) => {
    const response = await next(request, options);
    if (!response.message) return response;
    const message = assignRefs(response.message);
    this.latest = [...request.messages, message];
    return message === response.message ? response : { ...response, message };
  };

  /** Tool middleware that answers recorded calls from the ledger and records new ones. */
  readonly toolMiddleware: ToolMiddleware = async (call, next) => {
    if (call.tool.config.sideEffects !== 'idempotent') return next();
    const { writer, store } = this.scope;
    const ref = call.request.ref;
    const hash = inputHash(call.request.input);
    const turn = writer.session.turn?.seq ?? 0;
    const key = ledgerKey({ sessionId: writer.session.id, turn, name: call.request.name, ref, inputHash: hash });
    if (writer.session.turn?.ledger.includes(key)) {
      // A ledger that can't be read must stop the turn: running the tool instead could repeat it.
      const entry = (await store.readLedger([key]).catch((error: unknown) => Promise.reject(writer.fail(error)))).get(
        key,
      );
      if (entry) return toToolResult(entry);
    }
    if (!this.scope.storedRefs.has(ref)) await this.storeLatest();
    const result = await next();
    const now = this.scope.clock();
    const entry: LedgerEntry = {
      key,
      sessionId: writer.session.id,
      turn,
      ref,
      name: call.request.name,
      inputHash: hash,
      // Stored like the history it stands for: without secrets.
      result: redactValue(toLedgerResult(result)),
      leaseId: writer.leaseId,
      createdAt: now,
      expireAt: now + this.scope.ttlMs,
    };
    await writer.commit((s) => ({ ...s, turn: s.turn && { ...s.turn, ledger: [...s.turn.ledger, key] } }), {
      ledger: [entry],
    });
    return result;
  };

  /** Stores the conversation as of the last model answer, once per answer. */
  private storeLatest(): Promise<unknown> {
    const latest = this.latest;
    if (!latest) return Promise.resolve();
    if (this.stored !== latest || !this.checkpoint) {
      this.stored = latest;
      const history = this.scope.toStored(latest);
      this.checkpoint = this.scope.writer.commit((s) => ({ ...s, history }));
    }
    return this.checkpoint;
  }
}
