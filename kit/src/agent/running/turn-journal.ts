import type { z } from 'zod';
import { stampPendingOutput } from '../../call-state/index.js';
import { fromZodError } from '../../errors/index.js';
import { lookupTool, type ModelResponseStep, type ToolResultStep } from '../../generate/index.js';
import {
  type Artifact,
  type ArtifactPart,
  type GenerateResponseChunk,
  type Message,
  sessionEventChunk,
  toolRequestsOf,
} from '../../model/index.js';
import type { Session } from '../../session/index.js';
import { assertWithinLimit } from '../../session/session-limits.js';
import type { Tool, ToolArtifacts, ToolState } from '../../tools/index.js';
import { ArtifactLedger } from './artifact-ledger.js';
import { StateStream } from './state-stream.js';
import type { TurnWriter } from './turn-writer.js';

/** A tool whose calls change nothing: its results may wait for the turn's next write. */
const isPure = (tool: Tool | undefined): boolean => tool?.config.sideEffects === 'none';

/**
 * A turn as a journal over its session. Every step that changes the world or the conversation
 * is committed (under the lease, fenced) before the next begins: a model message that asks
 * for tools before they run, the result of each tool with side effects as it finishes. Results
 * of tools declared `sideEffects: 'none'` ride along with the next write. The journal's
 * `history` is the conversation as it stands, so a failed turn stores exactly what ran.
 */
export class TurnJournal {
  private readonly writer: TurnWriter;
  private readonly tools: ReadonlyMap<string, Tool>;
  /** Messages the generation doesn't see (summarised away) but the session keeps. */
  private base: readonly Message[] = [];
  private current: Message[];
  private readonly schema: z.ZodType | undefined;
  /** The session state as journaled so far (with the results it came with). */
  private committedState: unknown;
  /** Updates of calls still running, kept until their result is journaled. */
  private readonly pendingUpdates = new Map<string, ((state: unknown) => unknown)[]>();
  private readonly ledger: ArtifactLedger;
  /** Where the turn's artifacts and state changes stream: the caller's, once `streamTo` names it. */
  private send: ((chunk: GenerateResponseChunk) => void) | undefined;
  private stateStream = new StateStream(undefined);

  constructor(writer: TurnWriter, tools: ReadonlyMap<string, Tool>, state?: { schema: z.ZodType; initial: unknown }) {
    this.writer = writer;
    this.tools = tools;
    this.current = writer.session.history;
    this.schema = state?.schema;
    this.committedState = writer.session.state ?? state?.initial;
    this.ledger = new ArtifactLedger(writer.session);
  }

  /** Streams each journaled artifact version and state change to `send` (the caller's chunks), if any. */
  streamTo(send: ((chunk: GenerateResponseChunk) => void) | undefined): void {
    this.send = send;
    this.stateStream = new StateStream(send);
  }

  /** The session's artifacts with every journaled version; undefined when none was ever written. */
  get artifacts(): Artifact[] | undefined {
    return this.ledger.artifacts;
  }

  /** How tools of this turn write artifacts. */
  get toolArtifacts(): ToolArtifacts {
    return this.ledger.tool;
  }

  /** How the agent writes artifacts at its turn's end (`onTurnEnd`): as a tool does, with no ref. */
  readonly agentArtifact = (name: string, parts: ArtifactPart[]): void => this.ledger.agentWrite(name, parts);

  /**
   * The agent's writes become versions of the head, written after its first `length` messages
   * (its history as the turn leaves it); the versions made, to send once the turn's end stored them.
   */
  applyAgentArtifacts(length: number): Artifact[] {
    return this.ledger.apply(undefined, this.writer.now(), length);
  }

  /** Streams artifact versions the session stored. */
  sendArtifacts(made: readonly Artifact[]): void {
    for (const { at: _at, ...artifact } of made) this.send?.(sessionEventChunk({ kind: 'artifact', artifact }));
  }

  /** The session state with every journaled update. */
  get state(): unknown {
    return this.committedState;
  }

  /** How tools of this turn read and change the state (undefined when the agent keeps none). */
  get toolState(): ToolState | undefined {
    const schema = this.schema;
    if (!schema) return undefined;
    return {
      read: (ref) => this.stateFor(ref),
      update: (ref, update) => {
        // Checked now, so a bad update fails the call that made it (the model reads why).
        this.checked(update(this.stateFor(ref)), schema);
        this.pendingUpdates.set(ref, [...(this.pendingUpdates.get(ref) ?? []), update]);
      },
    };
  }

  private stateFor(ref: string): unknown {
    return (this.pendingUpdates.get(ref) ?? []).reduce((state, update) => update(state), this.committedState);
  }

  private checked(value: unknown, schema: z.ZodType): unknown {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw fromZodError(parsed.error, 'the session state');
    // Refused here, by the update that made it too large: stored whole, it must fit the document.
    assertWithinLimit(parsed.data, 'stateBytes', 'the session state');
    return parsed.data;
  }

  /** The stored history as it stands now, with every result journaled so far. */
  get history(): Message[] {
    return this.current;
  }

  /**
   * The messages of the history the journal has not stored yet: the rounds of pure tools (and
   * their results), which wait for the turn's next write.
   */
  get unjournaled(): Message[] {
    return this.current.slice(this.writer.session.history.length);
  }

  /** The session as the journal would store it: its history and state, and the writer's fields. */
  withHistory(session: Session): Session {
    const next: Session = { ...session, history: this.current };
    if (this.committedState !== undefined) next.state = this.committedState;
    const artifacts = this.ledger.artifacts;
    if (artifacts) next.artifacts = artifacts;
    return next;
  }

  /** Starts journaling a generation that sees the history after `base`. */
  begin(base: readonly Message[]): void {
    this.base = base;
  }

  /** The stored history a generation's messages stand for. */
  toStored(messages: readonly Message[]): Message[] {
    return [...this.base, ...messages.filter((m) => m.role !== 'system')];
  }

  /** Step hook: the model's message is stored before any tool it asks for runs (pure tools excepted). */
  readonly modelResponded = async (step: ModelResponseStep): Promise<void> => {
    this.current = this.toStored(step.messages);
    const requests = toolRequestsOf(step.message);
    if (!requests.length) return;
    if (requests.every((r) => isPure(lookupTool(this.tools, r.toolRequest.name)))) return;
    await this.commit();
  };

  /** Step hook: a finished call's result is stamped on its request, and stored unless the tool is pure. */
  readonly toolFinished = async (step: ToolResultStep): Promise<void> => {
    const last = this.current.at(-1);
    if (last?.role !== 'model') return;
    const ref = step.request.toolRequest.ref;
    const content = last.content.map((part) =>
      'toolRequest' in part && part.toolRequest.ref === ref ? stampPendingOutput(part, step.response) : part,
    );
    this.current = [...this.current.slice(0, -1), { ...last, content }];
    // A call that failed changes nothing: what it wrote before failing goes with it.
    const failed = step.response.metadata?.toolError !== undefined;
    if (failed) this.forget(ref);
    const changed = !failed && this.applyUpdates(ref);
    const made = failed ? [] : this.ledger.apply(ref, this.writer.now(), this.current.length);
    // Streamed once stored; a pure tool's at once (they ride the next write, as its result does).
    if (!isPure(step.tool)) await this.commit();
    if (changed) this.stateStream.changed(this.committedState);
    this.sendArtifacts(made);
  };

  /** Forgets the state updates and artifacts of call `ref`. */
  private forget(ref: string): void {
    this.pendingUpdates.delete(ref);
    this.ledger.drop(ref);
  }

  /** The state updates of call `ref` become part of the journal, with its result; true if it had any. */
  private applyUpdates(ref: string): boolean {
    const updates = this.pendingUpdates.get(ref);
    if (!updates || !this.schema) return false;
    this.pendingUpdates.delete(ref);
    this.committedState = this.checked(
      updates.reduce((state, update) => update(state), this.committedState),
      this.schema,
    );
    return true;
  }

  private commit(): Promise<unknown> {
    // The update reads the journal when the write runs: queued writes store the newest state.
    return this.writer.commit((s) => this.withHistory(s));
  }
}
