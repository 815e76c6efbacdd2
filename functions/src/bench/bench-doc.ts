/** The marker that opens section `name` of docs/benchmarks.md. */
export const beginMarker = (name: string): string => `<!-- bench:${name} -->`;
/** The marker that closes section `name`. */
export const endMarker = (name: string): string => `<!-- /bench:${name} -->`;

/** The title and lead of a docs/benchmarks.md written from nothing. */
export const BENCH_DOC_HEAD =
  '# Benchmarks\n\nWritten by `npm run bench` (`npm run bench -- <suite> …` re-measures only those sections). The engine workloads, sides and measurement rules are in [bench-protocol.md](bench-protocol.md).\n';

const sectionPattern = /<!-- bench:([\w-]+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g;

/** The sections of a docs/benchmarks.md, by suite name: what a partial run keeps. */
export function sectionsOf(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const match of text.matchAll(sectionPattern)) sections.set(match[1] as string, match[2] as string);
  return sections;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` (docs/benchmarks.md as it stands) with each of `sections` written between its markers,
 * in place: what is written by hand outside the markers stays where it is. A section the file
 * has no markers for yet goes after the nearest earlier section of `order` that it has (the
 * suites' order), else at the end.
 */
export function withSections(text: string, sections: ReadonlyMap<string, string>, order: readonly string[]): string {
  let out = text.trim() ? text : BENCH_DOC_HEAD;
  const block = (name: string, body: string) => `${beginMarker(name)}\n${body}${endMarker(name)}`;
  const names = [
    ...order.filter((name) => sections.has(name)),
    ...[...sections.keys()].filter((n) => !order.includes(n)),
  ];
  for (const name of names) {
    const body = sections.get(name) as string;
    const existing = new RegExp(`${escaped(beginMarker(name))}\\n[\\s\\S]*?${escaped(endMarker(name))}`);
    if (existing.test(out)) {
      out = out.replace(existing, () => block(name, body));
      continue;
    }
    const before = order.slice(0, Math.max(0, order.indexOf(name))).reverse();
    const anchor = before.find((earlier) => out.includes(endMarker(earlier)));
    if (anchor) {
      const at = out.indexOf(endMarker(anchor)) + endMarker(anchor).length;
      out = `${out.slice(0, at)}\n\n${block(name, body)}${out.slice(at)}`;
    } else {
      out = `${out.replace(/\n*$/, '\n')}\n${block(name, body)}\n`;
    }
  }
  return out;
}
