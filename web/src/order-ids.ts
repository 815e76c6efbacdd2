/** An order id as the shop writes it (A-1001): its hyphen must not end a line. */
const ORDER_ID = /\b[A-Z]{1,3}-\d{2,}\b/g;

/** The places in `text` (start, end) that are order ids. */
export function orderIdRanges(text: string): [number, number][] {
  return [...text.matchAll(ORDER_ID)].map((match) => [match.index, match.index + match[0].length]);
}

/**
 * Wraps every order id in the text under `root` in a `span.nowrap`, so a narrow screen never
 * breaks "A-" from "1001" (the text stays as it was: a copy gives the ASCII hyphen).
 */
export function keepOrderIdsWhole(root: Node): void {
  const walker =
    root.ownerDocument?.createTreeWalker(root, NodeFilter.SHOW_TEXT) ??
    document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const ranges = orderIdRanges(text.data);
    if (ranges.length === 0 || text.parentElement?.closest('pre, .nowrap')) continue;
    const parts: Node[] = [];
    let at = 0;
    for (const [start, end] of ranges) {
      if (start > at) parts.push(document.createTextNode(text.data.slice(at, start)));
      const id = document.createElement('span');
      id.className = 'nowrap';
      id.textContent = text.data.slice(start, end);
      parts.push(id);
      at = end;
    }
    if (at < text.data.length) parts.push(document.createTextNode(text.data.slice(at)));
    text.replaceWith(...parts);
  }
}
