/** What a finished call spent, for the usage limits: its session and its tokens. */
export interface CallUsage {
    sessionId?: string | undefined;
    tokens: number;
}
/** The session id a call's data names, if it names a plausible one (it is parsed properly later). */
export declare function requestedSessionId(data: unknown): string | undefined;
/** The usage of an agent call's wire result (input + output tokens); zero for anything else. */
export declare function callUsage(result: unknown, fallbackSessionId: string | undefined): CallUsage;
