import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** A file's text, or undefined when there is none. */
export function readText(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/** A JSON file as an object (an empty one when the file is missing). */
export function readJson<T extends object>(path: string): T {
  const text = readText(path);
  return (text === undefined ? {} : JSON.parse(text)) as T;
}

/**
 * Writes `text` to `path` unless the file already holds it, and says whether it wrote: a run that
 * changes nothing touches no file, so a second run of the starter is seen to change nothing.
 */
export function writeIfChanged(path: string, text: string): boolean {
  if (readText(path) === text) return false;
  writeFileSync(path, text);
  return true;
}

/** `value` as the JSON the starter writes: two-space indents and a final newline, as npm writes package.json. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
