import type { RunningStep } from '@callable-flows/client';
import type { TranscriptEntry } from './transcript.js';

const userCount = (entries: readonly TranscriptEntry[]): number =>
  entries.reduce((count, entry) => count + (entry.kind === 'user' ? 1 : 0), 0);

/**
 * Which states of a followed session the page draws: one that differs from the last one drawn,
 * except the settled state that ends this tab's own call, which its stream has drawn already
 * (drawing it again would take the focus off a card the person is answering). The stored
 * history wins from the next change on, and at once when a later turn shows (a message queued
 * behind this tab's call: a state with more of the person's messages than the stream drew).
 */
export class LiveDrawing {
  private drawn = '';
  /** While this tab's call's settled state is awaited: how many of the person's messages its stream drew. */
  private adopt: number | undefined;

  /** True when the page should draw `entries` (the session's transcript, its turn at `running`). */
  shouldDraw(entries: readonly TranscriptEntry[], running: RunningStep | undefined): boolean {
    const key = JSON.stringify([entries, running]);
    const changed = key !== this.drawn;
    this.drawn = key;
    if (this.adopt === undefined) return changed;
    const laterTurn = userCount(entries) > this.adopt;
    const adopted = running === undefined && !laterTurn;
    if (running === undefined || laterTurn) this.adopt = undefined;
    return changed && !adopted;
  }

  /** This tab's call has ended, its stream having drawn `users` messages of the person's: its settled state is drawn. */
  streamed(users: number): void {
    this.adopt = users;
  }

  /** A new session (or none): its first state is drawn. */
  reset(): void {
    this.drawn = '';
    this.adopt = undefined;
  }
}
