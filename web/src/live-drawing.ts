import type { RunningStep, SessionStatus } from '@callable-flows/client';
import type { TranscriptEntry } from './transcript.js';

const userCount = (entries: readonly TranscriptEntry[]): number =>
  entries.reduce((count, entry) => count + (entry.kind === 'user' ? 1 : 0), 0);

/**
 * Which states of a followed session the page draws: one that differs from the last one drawn,
 * except the settled state that ends this tab's own call, which its stream has drawn already
 * (drawing it again would take the focus off a card the person is answering), unless a state of
 * the turn that lagged behind the call was drawn in between. The stored
 * history wins from the next change on, and at once when a later turn shows (a message queued
 * behind this tab's call: a state with more of the person's messages than the stream drew), or
 * when the first settled state is not the one the call ended with (an approval that expired before
 * the watch's first snapshot came).
 */
export class LiveDrawing {
  private drawn = '';
  /** While this tab's call's settled state is awaited: how many of the person's messages its stream drew, and how it ended. */
  private adopt: { users: number; status: SessionStatus } | undefined;

  /** True when the page should draw `entries` (the session's transcript at `status`, its turn at `running`). */
  shouldDraw(entries: readonly TranscriptEntry[], running: RunningStep | undefined, status?: SessionStatus): boolean {
    const key = JSON.stringify([entries, running, status]);
    const changed = key !== this.drawn;
    this.drawn = key;
    if (this.adopt === undefined) return changed;
    const laterTurn = userCount(entries) > this.adopt.users;
    const settled = running === undefined;
    const adopted = settled && !laterTurn && status === this.adopt.status;
    // A running state drawn now (one that lagged behind the call) replaces what the stream drew:
    // the settled state after it is drawn too.
    if (settled || laterTurn || changed) this.adopt = undefined;
    return changed && !adopted;
  }

  /**
   * This tab's call has ended, its stream having drawn `users` messages of the person's, the
   * session left at `status`: that settled state is drawn already.
   */
  streamed(users: number, status: SessionStatus): void {
    this.adopt = { users, status };
  }

  /** A new session (or none): its first state is drawn. */
  reset(): void {
    this.drawn = '';
    this.adopt = undefined;
  }
}
