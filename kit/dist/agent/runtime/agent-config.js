/** The default lease of a running turn. */
export const DEFAULT_LEASE_MS = 12_000;
/** The default lifetime of an untouched session. */
export const DEFAULT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The default bound of a session's queue (three of the largest requests fit one Firestore document). */
export const DEFAULT_MAX_QUEUED = 3;
/** The default number of results kept for retries. */
export const DEFAULT_KEEP_RESULTS = 8;
/** What to keep when older turns are summarised (the multi-turn agent article's rule). */
export const DEFAULT_SUMMARY_INSTRUCTIONS = [
    'Summarise the earlier part of a conversation between a user and an assistant, so that the',
    'assistant can go on without the full transcript. Keep, exactly as written: every identifier the',
    'user gave or a tool returned (order ids, user ids, account numbers, amounts, dates); every action',
    'already executed, with its outcome, so that it is never done again; what the user asked for and',
    'confirmed; and questions still open. Drop greetings and small talk. Write short factual bullet points.',
].join(' ');
//# sourceMappingURL=agent-config.js.map