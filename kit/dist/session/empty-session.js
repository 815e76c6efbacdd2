import { SESSION_SCHEMA_VERSION } from './session-schema.js';
/** A session with no history yet: idle, version 0. Callers spread over it what they know. */
export function emptySession({ id, ownerUid, agent, now }) {
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
//# sourceMappingURL=empty-session.js.map