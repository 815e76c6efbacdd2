import type { UpdateTime } from './document-db.js';

/**
 * A Firestore time as the REST API writes it (RFC 3339, up to nanoseconds). It keeps the text it
 * came as, so a precondition sends back exactly the time the server gave.
 */
export class RestTimestamp implements UpdateTime {
  readonly seconds: number;
  readonly nanoseconds: number;
  readonly text: string;

  constructor(text: string) {
    this.text = text;
    const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
    const seconds = match ? Date.parse(`${match[1]}Z`) / 1000 : Number.NaN;
    if (!match || !Number.isFinite(seconds)) throw new TypeError(`not a Firestore time: '${text}'`);
    this.seconds = seconds;
    this.nanoseconds = Number((match[2] ?? '').padEnd(9, '0'));
  }

  /** The time of `date` (millisecond precision). */
  static fromDate(date: Date): RestTimestamp {
    return new RestTimestamp(date.toISOString());
  }

  toMillis(): number {
    return this.seconds * 1000 + Math.floor(this.nanoseconds / 1e6);
  }

  toDate(): Date {
    return new Date(this.toMillis());
  }

  isEqual(other: UpdateTime): boolean {
    return this.seconds === other.seconds && this.nanoseconds === other.nanoseconds;
  }
}
