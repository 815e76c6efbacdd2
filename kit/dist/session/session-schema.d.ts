import { z } from 'zod';
/** The shape version of a stored session; a reader refuses shapes it does not know. */
export declare const SESSION_SCHEMA_VERSION = 1;
/**
 * Where a session stands: `running` while a turn holds its lease, `interrupted` while tools wait
 * for a person, `expired` once those waited too long, `failed` when the last turn ended in an
 * error (a retry or the next message completes it).
 */
export declare const SessionStatusSchema: z.ZodEnum<{
    expired: "expired";
    failed: "failed";
    idle: "idle";
    interrupted: "interrupted";
    running: "running";
}>;
export type SessionStatus = z.infer<typeof SessionStatusSchema>;
/** The hold a running turn has on its session: every write of the turn carries its id. */
export declare const LeaseSchema: z.ZodObject<{
    id: z.ZodString;
    expiresAt: z.ZodNumber;
}, z.core.$strict>;
export type Lease = z.infer<typeof LeaseSchema>;
/** The turn in progress (or interrupted): what a retry or a resume needs to finish it (the protocol's `turn` field). */
export declare const TurnStateSchema: z.ZodObject<{
    seq: import("zod/mini").ZodMiniInt;
    kind: import("zod/mini").ZodMiniEnum<{
        message: "message";
        resume: "resume";
    }>;
    requestId: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
    start: import("zod/mini").ZodMiniInt;
    startedAt: import("zod/mini").ZodMiniNumber<number>;
}, z.core.$strict>;
export type TurnState = z.infer<typeof TurnStateSchema>;
/** How the last turn ended (the protocol's `outcome` field): done, interrupted, stopped (by whom, when), failed, expired. */
export declare const TurnOutcomeSchema: z.ZodObject<{
    kind: import("zod/mini").ZodMiniEnum<{
        done: "done";
        expired: "expired";
        failed: "failed";
        interrupted: "interrupted";
        stopped: "stopped";
    }>;
    at: import("zod/mini").ZodMiniNumber<number>;
    requestId: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
    stoppedBy: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniObject<{
        uid: import("zod/mini").ZodMiniString<string>;
        requestId: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
        clientId: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
        at: import("zod/mini").ZodMiniNumber<number>;
    }, z.core.$strip>>;
    failure: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniObject<{
        code: import("zod/mini").ZodMiniString<string>;
        reason: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
    }, z.core.$strip>>;
}, z.core.$strict>;
export type TurnOutcome = z.infer<typeof TurnOutcomeSchema>;
/** An interrupt as a client sees it. */
export declare const PendingInterruptSchema: z.ZodObject<{
    ref: z.ZodString;
    name: z.ZodString;
    input: z.ZodUnknown;
    metadata: z.ZodUnion<readonly [z.ZodRecord<z.ZodString, z.ZodUnknown>, z.ZodLiteral<true>]>;
    inputDigest: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
/** The outcome of one agent call (see `AgentTurnResult`): the wire's result, strict, with the kit's usage. */
export declare const TurnResultSchema: z.ZodObject<{
    sessionId: z.ZodString;
    status: z.ZodEnum<{
        done: "done";
        interrupted: "interrupted";
    }>;
    finishReason: z.ZodEnum<{
        aborted: "aborted";
        blocked: "blocked";
        interrupted: "interrupted";
        length: "length";
        other: "other";
        stop: "stop";
        unknown: "unknown";
    }>;
    finishMessage: z.ZodOptional<z.ZodString>;
    text: z.ZodString;
    output: z.ZodOptional<z.ZodUnknown>;
    interrupts: z.ZodArray<z.ZodObject<{
        ref: z.ZodString;
        name: z.ZodString;
        input: z.ZodUnknown;
        metadata: z.ZodUnion<readonly [z.ZodRecord<z.ZodString, z.ZodUnknown>, z.ZodLiteral<true>]>;
        inputDigest: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>;
    usage: z.ZodObject<{
        inputTokens: z.ZodOptional<z.ZodNumber>;
        outputTokens: z.ZodOptional<z.ZodNumber>;
        totalTokens: z.ZodOptional<z.ZodNumber>;
        thoughtsTokens: z.ZodOptional<z.ZodNumber>;
        cachedContentTokens: z.ZodOptional<z.ZodNumber>;
        inputCharacters: z.ZodOptional<z.ZodNumber>;
        outputCharacters: z.ZodOptional<z.ZodNumber>;
        inputImages: z.ZodOptional<z.ZodNumber>;
        outputImages: z.ZodOptional<z.ZodNumber>;
        inputVideos: z.ZodOptional<z.ZodNumber>;
        outputVideos: z.ZodOptional<z.ZodNumber>;
        inputAudioFiles: z.ZodOptional<z.ZodNumber>;
        outputAudioFiles: z.ZodOptional<z.ZodNumber>;
        custom: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
        costUsd: z.ZodOptional<z.ZodNumber>;
        byModel: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
            calls: z.ZodOptional<z.ZodNumber>;
            inputTokens: z.ZodOptional<z.ZodNumber>;
            outputTokens: z.ZodOptional<z.ZodNumber>;
            thoughtsTokens: z.ZodOptional<z.ZodNumber>;
            cachedContentTokens: z.ZodOptional<z.ZodNumber>;
            costUsd: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>>;
    }, z.core.$strict>;
}, z.core.$strict>;
/** A finished call's result kept for retries with the same request id. */
export declare const StoredResultSchema: z.ZodObject<{
    requestId: z.ZodString;
    result: z.ZodObject<{
        sessionId: z.ZodString;
        status: z.ZodEnum<{
            done: "done";
            interrupted: "interrupted";
        }>;
        finishReason: z.ZodEnum<{
            aborted: "aborted";
            blocked: "blocked";
            interrupted: "interrupted";
            length: "length";
            other: "other";
            stop: "stop";
            unknown: "unknown";
        }>;
        finishMessage: z.ZodOptional<z.ZodString>;
        text: z.ZodString;
        output: z.ZodOptional<z.ZodUnknown>;
        interrupts: z.ZodArray<z.ZodObject<{
            ref: z.ZodString;
            name: z.ZodString;
            input: z.ZodUnknown;
            metadata: z.ZodUnion<readonly [z.ZodRecord<z.ZodString, z.ZodUnknown>, z.ZodLiteral<true>]>;
            inputDigest: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>>;
        usage: z.ZodObject<{
            inputTokens: z.ZodOptional<z.ZodNumber>;
            outputTokens: z.ZodOptional<z.ZodNumber>;
            totalTokens: z.ZodOptional<z.ZodNumber>;
            thoughtsTokens: z.ZodOptional<z.ZodNumber>;
            cachedContentTokens: z.ZodOptional<z.ZodNumber>;
            inputCharacters: z.ZodOptional<z.ZodNumber>;
            outputCharacters: z.ZodOptional<z.ZodNumber>;
            inputImages: z.ZodOptional<z.ZodNumber>;
            outputImages: z.ZodOptional<z.ZodNumber>;
            inputVideos: z.ZodOptional<z.ZodNumber>;
            outputVideos: z.ZodOptional<z.ZodNumber>;
            inputAudioFiles: z.ZodOptional<z.ZodNumber>;
            outputAudioFiles: z.ZodOptional<z.ZodNumber>;
            custom: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
            costUsd: z.ZodOptional<z.ZodNumber>;
            byModel: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
                calls: z.ZodOptional<z.ZodNumber>;
                inputTokens: z.ZodOptional<z.ZodNumber>;
                outputTokens: z.ZodOptional<z.ZodNumber>;
                thoughtsTokens: z.ZodOptional<z.ZodNumber>;
                cachedContentTokens: z.ZodOptional<z.ZodNumber>;
                costUsd: z.ZodOptional<z.ZodNumber>;
            }, z.core.$strict>>>;
        }, z.core.$strict>;
    }, z.core.$strict>;
    textAt: z.ZodOptional<z.ZodNumber>;
    interruptRefs: z.ZodOptional<z.ZodArray<z.ZodString>>;
    at: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export type StoredResult = z.infer<typeof StoredResultSchema>;
/**
 * How a call with a request id was closed other than by its own answer: its turn cut short by a
 * later call (it had failed, or its instance stalled past its lease), its interrupts expired, or
 * its owner stopped it (`stopped`, marked by the write that ended it stopped, or by the later call
 * that honoured a stop of its dead turn). A call that ended on its own needs no mark: its stored
 * result, or the turn that follows it, says so.
 */
export declare const RequestOutcomeSchema: z.ZodEnum<{
    "cut-short": "cut-short";
    expired: "expired";
    stopped: "stopped";
}>;
export type RequestOutcome = z.infer<typeof RequestOutcomeSchema>;
/** One request id a session admitted: what it asked for, and how its call ended once it did. */
export declare const RequestRecordSchema: z.ZodObject<{
    id: z.ZodString;
    digest: z.ZodString;
    at: z.ZodNumber;
    outcome: z.ZodOptional<z.ZodEnum<{
        "cut-short": "cut-short";
        expired: "expired";
        stopped: "stopped";
    }>>;
}, z.core.$strict>;
export type RequestRecord = z.infer<typeof RequestRecordSchema>;
/** A model-written summary of `history[0, upTo)`, sent in place of those messages. */
export declare const SummarySchema: z.ZodObject<{
    text: z.ZodString;
    upTo: z.ZodNumber;
    at: z.ZodNumber;
}, z.core.$strict>;
export type Summary = z.infer<typeof SummarySchema>;
/** Why the last turn failed, in words safe to store (never a secret). */
export declare const SessionErrorSchema: z.ZodObject<{
    code: z.ZodString;
    message: z.ZodString;
}, z.core.$strict>;
export type SessionError = z.infer<typeof SessionErrorSchema>;
/** One conversation of one user with one agent. Times are epoch milliseconds. */
export declare const SessionSchema: z.ZodObject<{
    schemaVersion: z.ZodLiteral<1>;
    id: z.ZodString;
    ownerUid: z.ZodString;
    agent: z.ZodString;
    status: z.ZodEnum<{
        expired: "expired";
        failed: "failed";
        idle: "idle";
        interrupted: "interrupted";
        running: "running";
    }>;
    version: z.ZodNumber;
    createdAt: z.ZodNumber;
    updatedAt: z.ZodNumber;
    expireAt: z.ZodNumber;
    history: z.ZodArray<z.ZodObject<{
        role: z.ZodEnum<{
            model: "model";
            system: "system";
            tool: "tool";
            user: "user";
        }>;
        content: z.ZodArray<z.ZodUnion<readonly [z.ZodObject<{
            text: z.ZodString;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            toolRequest: z.ZodObject<{
                name: z.ZodString;
                ref: z.ZodOptional<z.ZodString>;
                input: z.ZodOptional<z.ZodUnknown>;
                partial: z.ZodOptional<z.ZodBoolean>;
            }, z.core.$strict>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            toolResponse: z.ZodObject<{
                name: z.ZodString;
                ref: z.ZodOptional<z.ZodString>;
                output: z.ZodOptional<z.ZodUnknown>;
                content: z.ZodOptional<z.ZodArray<z.ZodUnion<readonly [z.ZodObject<{
                    text: z.ZodString;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    toolRequest: z.ZodObject<{
                        name: z.ZodString;
                        ref: z.ZodOptional<z.ZodString>;
                        input: z.ZodOptional<z.ZodUnknown>;
                        partial: z.ZodOptional<z.ZodBoolean>;
                    }, z.core.$strict>;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject</*elided*/ any, z.core.$strict>, z.ZodObject<{
                    reasoning: z.ZodString;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    media: z.ZodObject<{
                        url: z.ZodString;
                        contentType: z.ZodOptional<z.ZodString>;
                    }, z.core.$strict>;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    data: z.ZodUnknown;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    custom: z.ZodRecord<z.ZodString, z.ZodUnknown>;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    resource: z.ZodObject<{
                        uri: z.ZodString;
                    }, z.core.$strict>;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>]>>>;
            }, z.core.$strict>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            reasoning: z.ZodString;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            media: z.ZodObject<{
                url: z.ZodString;
                contentType: z.ZodOptional<z.ZodString>;
            }, z.core.$strict>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            data: z.ZodUnknown;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            custom: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            resource: z.ZodObject<{
                uri: z.ZodString;
            }, z.core.$strict>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>]>>;
        metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strict>>;
    interrupts: z.ZodArray<z.ZodObject<{
        toolRequest: z.ZodObject<{
            name: z.ZodString;
            ref: z.ZodOptional<z.ZodString>;
            input: z.ZodOptional<z.ZodUnknown>;
            partial: z.ZodOptional<z.ZodBoolean>;
        }, z.core.$strict>;
        metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strict>>;
    summary: z.ZodOptional<z.ZodObject<{
        text: z.ZodString;
        upTo: z.ZodNumber;
        at: z.ZodNumber;
    }, z.core.$strict>>;
    state: z.ZodOptional<z.ZodUnknown>;
    lease: z.ZodOptional<z.ZodObject<{
        id: z.ZodString;
        expiresAt: z.ZodNumber;
    }, z.core.$strict>>;
    turn: z.ZodOptional<z.ZodObject<{
        seq: import("zod/mini").ZodMiniInt;
        kind: import("zod/mini").ZodMiniEnum<{
            message: "message";
            resume: "resume";
        }>;
        requestId: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
        start: import("zod/mini").ZodMiniInt;
        startedAt: import("zod/mini").ZodMiniNumber<number>;
    }, z.core.$strict>>;
    turns: z.ZodNumber;
    results: z.ZodArray<z.ZodObject<{
        requestId: z.ZodString;
        result: z.ZodObject<{
            sessionId: z.ZodString;
            status: z.ZodEnum<{
                done: "done";
                interrupted: "interrupted";
            }>;
            finishReason: z.ZodEnum<{
                aborted: "aborted";
                blocked: "blocked";
                interrupted: "interrupted";
                length: "length";
                other: "other";
                stop: "stop";
                unknown: "unknown";
            }>;
            finishMessage: z.ZodOptional<z.ZodString>;
            text: z.ZodString;
            output: z.ZodOptional<z.ZodUnknown>;
            interrupts: z.ZodArray<z.ZodObject<{
                ref: z.ZodString;
                name: z.ZodString;
                input: z.ZodUnknown;
                metadata: z.ZodUnion<readonly [z.ZodRecord<z.ZodString, z.ZodUnknown>, z.ZodLiteral<true>]>;
                inputDigest: z.ZodOptional<z.ZodString>;
            }, z.core.$strict>>;
            usage: z.ZodObject<{
                inputTokens: z.ZodOptional<z.ZodNumber>;
                outputTokens: z.ZodOptional<z.ZodNumber>;
                totalTokens: z.ZodOptional<z.ZodNumber>;
                thoughtsTokens: z.ZodOptional<z.ZodNumber>;
                cachedContentTokens: z.ZodOptional<z.ZodNumber>;
                inputCharacters: z.ZodOptional<z.ZodNumber>;
                outputCharacters: z.ZodOptional<z.ZodNumber>;
                inputImages: z.ZodOptional<z.ZodNumber>;
                outputImages: z.ZodOptional<z.ZodNumber>;
                inputVideos: z.ZodOptional<z.ZodNumber>;
                outputVideos: z.ZodOptional<z.ZodNumber>;
                inputAudioFiles: z.ZodOptional<z.ZodNumber>;
                outputAudioFiles: z.ZodOptional<z.ZodNumber>;
                custom: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
                costUsd: z.ZodOptional<z.ZodNumber>;
                byModel: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
                    calls: z.ZodOptional<z.ZodNumber>;
                    inputTokens: z.ZodOptional<z.ZodNumber>;
                    outputTokens: z.ZodOptional<z.ZodNumber>;
                    thoughtsTokens: z.ZodOptional<z.ZodNumber>;
                    cachedContentTokens: z.ZodOptional<z.ZodNumber>;
                    costUsd: z.ZodOptional<z.ZodNumber>;
                }, z.core.$strict>>>;
            }, z.core.$strict>;
        }, z.core.$strict>;
        textAt: z.ZodOptional<z.ZodNumber>;
        interruptRefs: z.ZodOptional<z.ZodArray<z.ZodString>>;
        at: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    requests: z.ZodOptional<z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        digest: z.ZodString;
        at: z.ZodNumber;
        outcome: z.ZodOptional<z.ZodEnum<{
            "cut-short": "cut-short";
            expired: "expired";
            stopped: "stopped";
        }>>;
    }, z.core.$strict>>>;
    error: z.ZodOptional<z.ZodObject<{
        code: z.ZodString;
        message: z.ZodString;
    }, z.core.$strict>>;
    outcome: z.ZodOptional<z.ZodObject<{
        kind: import("zod/mini").ZodMiniEnum<{
            done: "done";
            expired: "expired";
            failed: "failed";
            interrupted: "interrupted";
            stopped: "stopped";
        }>;
        at: import("zod/mini").ZodMiniNumber<number>;
        requestId: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
        stoppedBy: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniObject<{
            uid: import("zod/mini").ZodMiniString<string>;
            requestId: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
            clientId: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
            at: import("zod/mini").ZodMiniNumber<number>;
        }, z.core.$strip>>;
        failure: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniObject<{
            code: import("zod/mini").ZodMiniString<string>;
            reason: import("zod/mini").ZodMiniOptional<import("zod/mini").ZodMiniString<string>>;
        }, z.core.$strip>>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type Session = z.infer<typeof SessionSchema>;
