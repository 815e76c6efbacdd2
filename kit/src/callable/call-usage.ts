/** What a finished call spent, for the usage limits: its session and its tokens. */
export interface CallUsage {
  sessionId?: string | undefined;
  tokens: number;
}

/** The session id a call's data names, if it names a plausible one (it is parsed properly later). */
export function requestedSessionId(data: unknown): string | undefined {
  const id = (data as { sessionId?: unknown } | null | undefined)?.sessionId;
  return typeof id === 'string' && id.length > 0 && id.length <= 128 ? id : undefined;
}

/** The usage of an agent call's wire result (input + output tokens); zero for anything else. */
export function callUsage(result: unknown, fallbackSessionId: string | undefined): CallUsage {
  const r = result as { sessionId?: unknown; usage?: { inputTokens?: unknown; outputTokens?: unknown } } | undefined;
  const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);
  return {
    sessionId: typeof r?.sessionId === 'string' ? r.sessionId : fallbackSessionId,
    tokens: count(r?.usage?.inputTokens) + count(r?.usage?.outputTokens),
  };
}
