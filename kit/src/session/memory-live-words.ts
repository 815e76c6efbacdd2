import type { LiveRound, LiveWords } from './live-words.js';

/** Live words in this process's memory (the in-memory store's). */
export class MemoryLiveWords implements LiveWords {
  private readonly rounds = new Map<string, LiveRound>();

  async write(sessionId: string, round: LiveRound): Promise<void> {
    await Promise.resolve();
    this.rounds.set(sessionId, { ...round });
  }

  async read(sessionId: string): Promise<LiveRound | undefined> {
    await Promise.resolve();
    const round = this.rounds.get(sessionId);
    return round && { ...round };
  }

  /** Drops the live words of a deleted session. */
  drop(sessionId: string): void {
    this.rounds.delete(sessionId);
  }
}
