/** The place of request `requestId` in `items` (1-based), or 0. */
export function positionOf(items, requestId) {
    return items.findIndex((i) => i.requestId === requestId) + 1;
}
/** The push of `item` onto `items`: the new items (undefined when nothing changes) and the outcome. */
export function pushOnto(items, item, maxItems) {
    const at = positionOf(items, item.requestId);
    if (at > 0) {
        const same = items[at - 1]?.digest === item.digest;
        return { items: undefined, outcome: same ? { queued: true, position: at, added: false } : { reused: true } };
    }
    if (items.length >= maxItems)
        return { items: undefined, outcome: { full: true } };
    return { items: [...items, item], outcome: { queued: true, position: items.length + 1, added: true } };
}
//# sourceMappingURL=turn-queue.js.map