// A link in the model's words opens only where a person can see where it goes: a web page or
// an e-mail. `javascript:`, `data:`, `vbscript:`, relative paths (which would open this app's
// own pages with the model's parameters) and anything else are left as plain text.
const SAFE = /^(?:https?:\/\/|mailto:)/i;

/** True when a link of the model's may keep its target: http(s) or mailto only. */
export function isSafeHref(href: string): boolean {
  // Browsers drop control characters and whitespace inside a scheme (`java\tscript:`): so does this check.
  const compact = [...href].filter((char) => char > ' ' && char !== '\u007f').join('');
  return SAFE.test(compact);
}
