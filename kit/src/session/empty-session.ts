import { SESSION_SCHEMA_VERSION, type Session } from './session-schema.js';

/** What a new session is made from. */
export interface NewSession {
  id: string;
  ownerUid: string;
  agent: string;
  /** Epoch ms: created, updated and expiring now, until its first turn says otherwise. */
  now: number;
}

/** A session with no history yet: idle, version 0. Callers spread over it what they know. */
export function emptySession({ id, ownerUid, agent, now }: NewSession): Session {
  return {
    schemaVersion: SESSION_SCHEMA_VERSION,
    id,
    ownerUid,
    agent,
    status: 'idle',
    version: 0,
    createdAt: now,
    updatedAt: now,
    expireAt: now,
    history: [],
    interrupts: [],
    turns: 0,
    results: [],
  };
}
