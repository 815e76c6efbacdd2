import { randomUUID } from 'node:crypto';
/**
 * Gives every tool request of a model message a ref. Models that name no call ids still get
 * refs that are unique across the session, because a resume and the turn journal find calls by ref.
 */
export function assignRefs(message) {
    let changed = false;
    const content = message.content.map((part) => {
        if (!('toolRequest' in part) || part.toolRequest.ref !== undefined)
            return part;
        changed = true;
        return { ...part, toolRequest: { ...part.toolRequest, ref: randomUUID() } };
    });
    return changed ? { ...message, content } : message;
}
//# sourceMappingURL=assign-refs.js.map