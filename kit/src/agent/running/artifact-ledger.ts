import { z } from 'zod';
import { fromZodError, KitError } from '../../errors/index.js';
import { type Artifact, type ArtifactPart, ArtifactPartSchema } from '../../model/index.js';
import { artifactsOnBranch, headBranchOf, keptVersions, type Session, shownVersions } from '../../session/index.js';
import { assertWithinLimit } from '../../session/session-limits.js';
import type { ToolArtifacts } from '../../tools/index.js';
import { redactValue } from '../../trace/index.js';

/** The longest artifact name: a name is a label an app shows and keys by, not content. */
const MAX_NAME_CHARS = 200;
const PartsSchema = z.array(ArtifactPartSchema);
/** The writer of the agent's own writes (`onTurnEnd`): no tool call, so no ref. */
const BY_AGENT: unique symbol = Symbol('agent');
type Writer = string | typeof BY_AGENT;

/**
 * The artifacts of one turn's journal: what the session keeps (`session-artifacts.ts`: each
 * branch's versions) and what calls still running wrote. A call's writes join the session with
 * its result, one version a name however often the call wrote it, so a call that fails or
 * interrupts writes none, and a retried turn (the result not yet journaled) writes the same
 * version again, never one more. Versions are the head's: numbered after the one it shows.
 */
export class ArtifactLedger {
  private kept: Artifact[];
  private readonly session: Pick<Session, 'branches' | 'snapshots'>;
  private readonly head: string;
  /** Per running call (ref), or the agent, the parts it last wrote per name. */
  private readonly pending = new Map<Writer, Map<string, ArtifactPart[]>>();

  constructor(session: Pick<Session, 'artifacts' | 'branches' | 'snapshots'>) {
    this.kept = [...(session.artifacts ?? [])];
    this.session = session;
    this.head = headBranchOf(session).id;
  }

  /** What the session keeps, of every branch; undefined when no artifact was ever written. */
  get artifacts(): Artifact[] | undefined {
    return this.kept.length ? this.kept : undefined;
  }

  /** How tools of this turn write artifacts. */
  readonly tool: ToolArtifacts = { write: (ref, name, parts) => this.write(ref, name, parts) };

  /** How the agent writes artifacts at its turn's end (`onTurnEnd`): one mechanism with the tools'. */
  agentWrite(name: string, parts: ArtifactPart[]): void {
    this.write(BY_AGENT, name, parts);
  }

  private write(writer: Writer, name: string, parts: ArtifactPart[]): void {
    if (!name || name.length > MAX_NAME_CHARS) {
      throw new KitError('invalid-argument', `an artifact name must have 1 to ${MAX_NAME_CHARS} characters`);
    }
    const parsed = PartsSchema.safeParse(parts);
    if (!parsed.success) throw fromZodError(parsed.error, `parts of artifact '${name}'`);
    // Refused here, by the write that made it too large: kept whole, it must fit the document.
    assertWithinLimit(parsed.data, 'artifactBytes', `artifact '${name}'`);
    assertWithinLimit(this.shownWith(name, parsed.data), 'artifactsBytes', 'the session artifacts');
    const writes = this.pending.get(writer) ?? new Map<string, ArtifactPart[]>();
    // Redacted once, here: the stream, the store and every watcher get this one copy.
    writes.set(name, redactValue(parsed.data));
    this.pending.set(writer, writes);
  }

  /**
   * Every version the branches would show with this write and those of every running call
   * (each once, however many branches show it): a call's write is refused while the calls
   * running beside it could still take the room.
   */
  private shownWith(name: string, parts: ArtifactPart[]): ArtifactPart[][] {
    const onHead = new Map(
      artifactsOnBranch({ ...this.session, artifacts: this.kept }, this.head).map((a) => [a.name, a.parts]),
    );
    const elsewhere = [...shownVersions(this.kept, this.session)].filter((a) => onHead.get(a.name) !== a.parts);
    for (const writes of this.pending.values()) for (const [n, p] of writes) onHead.set(n, p);
    onHead.set(name, parts);
    return [...onHead.values(), ...elsewhere.map((a) => a.parts)];
  }

  /** Forgets what call `ref` wrote (it failed). */
  drop(ref: string): void {
    this.pending.delete(ref);
  }

  /**
   * The writes of call `ref` (the agent's when undefined) become versions the session keeps,
   * stamped `at` and the head's history `length`; the versions made.
   */
  apply(ref: string | undefined, at: number, length: number): Artifact[] {
    const writer = ref ?? BY_AGENT;
    const writes = this.pending.get(writer);
    if (!writes) return [];
    this.pending.delete(writer);
    const shown = new Map(
      artifactsOnBranch({ ...this.session, artifacts: this.kept }, this.head).map((a) => [a.name, a]),
    );
    const made: Artifact[] = [];
    for (const [name, parts] of writes) {
      const version = (shown.get(name)?.version ?? 0) + 1;
      const artifact: Artifact = {
        name,
        version,
        parts,
        at,
        ...(ref === undefined ? {} : { ref }),
        branch: this.head,
        length,
      };
      made.push(artifact);
    }
    this.kept = keptVersions([...this.kept, ...made], this.session);
    return made;
  }
}
