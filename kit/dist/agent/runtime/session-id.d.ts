/**
 * Refuses a session id the wire would refuse (`WireIdSchema`: length and alphabet, so it is a safe
 * document id), for a caller of `agent.send` or `agent.stop` that did not come through the callable.
 */
export declare function assertSessionId(sessionId: string | undefined): void;
/**
 * The error of a call that had session `sessionId` (created it, loaded it, ran a turn on it), with
 * the session's id in its details, so the caller can watch, stop, retry or resume it. An error of
 * no kit code (a model's or a tool's own) becomes `internal`, its original kept as the cause. A
 * `permission-denied` error never names the session: its caller may not learn anything of it.
 */
export declare function withSessionId(error: unknown, sessionId: string): unknown;
