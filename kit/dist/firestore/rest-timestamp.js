/** The range of a Firestore time, in seconds since the epoch: 0001-01-01 to 9999-12-31 (the SDK's bounds). */
export const MIN_TIMESTAMP_SECONDS = -62_135_596_800;
export const MAX_TIMESTAMP_SECONDS = 253_402_300_799;
/**
 * Whether `value` is a time object of some Firestore client (the shape of {@link UpdateTime}:
 * seconds, nanoseconds, toMillis), recognised without loading the SDK.
 */
export function isTimestampLike(value) {
    const time = value;
    return (typeof time.seconds === 'number' && typeof time.nanoseconds === 'number' && typeof time.toMillis === 'function');
}
/** Why `time` is no Firestore time, or undefined when it is one. */
export function timestampProblem(time) {
    if (!Number.isInteger(time.seconds) || time.seconds < MIN_TIMESTAMP_SECONDS || time.seconds > MAX_TIMESTAMP_SECONDS) {
        return 'a time outside 0001-01-01..9999-12-31';
    }
    if (!Number.isInteger(time.nanoseconds) || time.nanoseconds < 0 || time.nanoseconds > 999_999_999) {
        return 'a time whose nanoseconds are not an integer in 0..999999999';
    }
    return undefined;
}
/** `time` in RFC 3339 with nine fractional digits: every nanosecond it has (the server keeps microseconds). */
export function timestampText(time) {
    const whole = new Date(time.seconds * 1000).toISOString().slice(0, 19);
    return `${whole}.${String(time.nanoseconds).padStart(9, '0')}Z`;
}
/**
 * A Firestore time as the REST API writes it (RFC 3339, up to nanoseconds), with the public
 * shape of the SDK's `Timestamp`. It keeps the text it came as, so a precondition sends back
 * exactly the time the server gave.
 */
export class RestTimestamp {
    seconds;
    nanoseconds;
    text;
    constructor(text) {
        this.text = text;
        const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
        const seconds = match ? Date.parse(`${match[1]}Z`) / 1000 : Number.NaN;
        if (!match || !Number.isFinite(seconds))
            throw new TypeError(`not a Firestore time: '${text}'`);
        this.seconds = seconds;
        this.nanoseconds = Number((match[2] ?? '').padEnd(9, '0'));
    }
    /** The time of `date` (millisecond precision). */
    static fromDate(date) {
        return new RestTimestamp(date.toISOString());
    }
    /** The time `seconds` and `nanoseconds` after the epoch, as the SDK's `new Timestamp(seconds, nanoseconds)`. */
    static of(seconds, nanoseconds) {
        const problem = timestampProblem({ seconds, nanoseconds });
        if (problem)
            throw new TypeError(`RestTimestamp: ${problem}`);
        return new RestTimestamp(timestampText({ seconds, nanoseconds }));
    }
    toMillis() {
        return this.seconds * 1000 + Math.floor(this.nanoseconds / 1e6);
    }
    /** As the SDK's: the nearest millisecond. */
    toDate() {
        return new Date(this.seconds * 1000 + Math.round(this.nanoseconds / 1e6));
    }
    isEqual(other) {
        return this.seconds === other.seconds && this.nanoseconds === other.nanoseconds;
    }
    /**
     * As the SDK's: a text whose order is the times' order, so `<` and `>` compare two times
     * (seconds shifted to be non-negative, both parts zero-padded).
     */
    valueOf() {
        const seconds = String(this.seconds - MIN_TIMESTAMP_SECONDS).padStart(12, '0');
        return `${seconds}.${String(this.nanoseconds).padStart(9, '0')}`;
    }
}
//# sourceMappingURL=rest-timestamp.js.map