import type { UpdateTime } from './document-db.js';
/** The range of a Firestore time, in seconds since the epoch: 0001-01-01 to 9999-12-31 (the SDK's bounds). */
export declare const MIN_TIMESTAMP_SECONDS = -62135596800;
export declare const MAX_TIMESTAMP_SECONDS = 253402300799;
/** A time as seconds and nanoseconds: the SDK's `Timestamp`, a {@link RestTimestamp}, the web SDK's. */
export interface TimestampLike {
    readonly seconds: number;
    readonly nanoseconds: number;
}
/**
 * Whether `value` is a time object of some Firestore client (the shape of {@link UpdateTime}:
 * seconds, nanoseconds, toMillis), recognised without loading the SDK.
 */
export declare function isTimestampLike(value: object): value is TimestampLike;
/** Why `time` is no Firestore time, or undefined when it is one. */
export declare function timestampProblem(time: TimestampLike): string | undefined;
/** `time` in RFC 3339 with nine fractional digits: every nanosecond it has (the server keeps microseconds). */
export declare function timestampText(time: TimestampLike): string;
/**
 * A Firestore time as the REST API writes it (RFC 3339, up to nanoseconds), with the public
 * shape of the SDK's `Timestamp`. It keeps the text it came as, so a precondition sends back
 * exactly the time the server gave.
 */
export declare class RestTimestamp implements UpdateTime {
    readonly seconds: number;
    readonly nanoseconds: number;
    readonly text: string;
    constructor(text: string);
    /** The time of `date` (millisecond precision). */
    static fromDate(date: Date): RestTimestamp;
    /** The time `seconds` and `nanoseconds` after the epoch, as the SDK's `new Timestamp(seconds, nanoseconds)`. */
    static of(seconds: number, nanoseconds: number): RestTimestamp;
    toMillis(): number;
    /** As the SDK's: the nearest millisecond. */
    toDate(): Date;
    isEqual(other: UpdateTime): boolean;
    /**
     * As the SDK's: a text whose order is the times' order, so `<` and `>` compare two times
     * (seconds shifted to be non-negative, both parts zero-padded).
     */
    valueOf(): string;
}
