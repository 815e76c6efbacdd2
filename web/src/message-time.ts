import { el } from './dom.js';

/**
 * A time as a chat shows it beside a message: the hour and minute today ("14:05"), with the day
 * before today ("3 Dec, 14:05").
 */
export function timeWords(ms: number, now: Date = new Date()): string {
  const date = new Date(ms);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === now.toDateString()) return time;
  return `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time}`;
}

/** A `<time>` element for `ms`, its full date and time in its title. */
export function timeStamp(ms: number): HTMLTimeElement {
  const date = new Date(ms);
  return el(
    'time',
    { class: 'stamp', datetime: date.toISOString(), title: date.toLocaleString('en-GB') },
    timeWords(ms),
  );
}
