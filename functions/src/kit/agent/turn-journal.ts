import {
  lookupTool,
  type ModelResponseStep,
  markChecked,
  stampPendingOutput,
  type ToolResultStep,
} from '../generate/index.js';
import { type Message, toolRequestsOf } from '../model/index.js';
import type { Session } from '../session/index.js';
import type { Tool } from '../tools/index.js';
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

  constructor(writer: TurnWriter, tools: ReadonlyMap<string, Tool>) {
    this.writer = writer;
    this.tools = tools;
    this.current = writer.session.history;
  }

  /** The stored history as it stands now, with every result journaled so far. */
  get history(): Message[] {
    return this.current;
  }

  /** The session as the journal would store it: its history and the writer's state. */
  withHistory(session: Session): Session {
    return { ...session, history: this.current };
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
    this.current = [...this.current.slice(0, -1), markChecked({ ...last, content })];
    if (!isPure(step.tool)) await this.commit();
  };

  private commit(): Promise<unknown> {
    // The update reads the journal when the write runs: queued writes store the newest state.
    return this.writer.commit((s) => this.withHistory(s));
  }
}
