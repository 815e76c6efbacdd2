// The common model answer (text and tool requests, nothing else) is checked by hand: parsing it
// with GenerateResponseSchema costs most of what a round allocates. Anything outside this narrow
// shape goes to the schema, which also words the errors; what is accepted here is what the schema
// accepts, copied the way it copies (fresh objects, `input` as given).
const FINISH_REASONS = new Set([
    'stop',
    'length',
    'blocked',
    'interrupted',
    'aborted',
    'other',
    'unknown',
]);
const ROLES = new Set(['system', 'user', 'model', 'tool']);
function isPlainObject(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
}
/** True when every own key of `value` is in `allowed` and none is set to undefined. */
function onlyKeys(value, allowed) {
    for (const key in value) {
        if (!Object.hasOwn(value, key))
            continue;
        if (!allowed.includes(key) || value[key] === undefined)
            return false;
    }
    return true;
}
const TOOL_REQUEST_KEYS = ['name', 'ref', 'input', 'partial'];
/** The tool request of `part` when the part is a plain tool-request part (nothing else on it). */
function plainToolRequest(part) {
    const request = part.toolRequest;
    if (!isPlainObject(request) || !onlyKeys(part, ['toolRequest']) || !onlyKeys(request, TOOL_REQUEST_KEYS)) {
        return undefined;
    }
    const { name, ref, partial } = request;
    if (typeof name !== 'string' || !name)
        return undefined;
    if (ref !== undefined && typeof ref !== 'string')
        return undefined;
    if (partial !== undefined && typeof partial !== 'boolean')
        return undefined;
    return request;
}
function copyPart(part) {
    if (!isPlainObject(part))
        return undefined;
    if (typeof part.text === 'string')
        return onlyKeys(part, ['text']) ? { text: part.text } : undefined;
    const request = plainToolRequest(part);
    if (!request)
        return undefined;
    const { name, ref, input, partial } = request;
    const copy = { name };
    if (ref !== undefined)
        copy.ref = ref;
    if ('input' in request)
        copy.input = input;
    if (partial !== undefined)
        copy.partial = partial;
    return { toolRequest: copy };
}
function copyMessage(message) {
    if (!isPlainObject(message) || !onlyKeys(message, ['role', 'content']))
        return undefined;
    if (!ROLES.has(message.role) || !Array.isArray(message.content))
        return undefined;
    const content = new Array(message.content.length);
    for (let i = 0; i < content.length; i++) {
        const part = copyPart(message.content[i]);
        if (!part)
            return undefined;
        content[i] = part;
    }
    return { role: message.role, content };
}
const TOOL_RESPONSE_KEYS = ['name', 'ref', 'output'];
function isPlainPart(part) {
    if (!isPlainObject(part))
        return false;
    if (typeof part.text === 'string')
        return onlyKeys(part, ['text']);
    // Checked in place: nothing is copied to decide.
    if ('toolRequest' in part)
        return plainToolRequest(part) !== undefined;
    const response = part.toolResponse;
    if (!isPlainObject(response) || !onlyKeys(part, ['toolResponse']) || !onlyKeys(response, TOOL_RESPONSE_KEYS)) {
        return false;
    }
    return (typeof response.name === 'string' &&
        response.name.length > 0 &&
        (response.ref === undefined || typeof response.ref === 'string'));
}
/**
 * True when `MessageSchema` surely accepts `message`: a role and text, tool-request and
 * tool-response parts with nothing else on them. False says only "ask the schema".
 */
export function isPlainMessage(message) {
    if (!isPlainObject(message) || !onlyKeys(message, ['role', 'content']))
        return false;
    if (!ROLES.has(message.role) || !Array.isArray(message.content))
        return false;
    for (const part of message.content)
        if (!isPlainPart(part))
            return false;
    return true;
}
/**
 * A copy of a runner's response as `GenerateResponseSchema` would return it, when the response
 * has the common shape (a message of text and tool-request parts, a finish reason, maybe a finish
 * message); undefined for anything else, which the schema must then parse.
 */
export function copyPlainResponse(raw) {
    if (!isPlainObject(raw) || !onlyKeys(raw, ['message', 'finishReason', 'finishMessage', 'latencyMs'])) {
        return undefined;
    }
    if (!FINISH_REASONS.has(raw.finishReason))
        return undefined;
    if (raw.finishMessage !== undefined && typeof raw.finishMessage !== 'string')
        return undefined;
    if (raw.latencyMs !== undefined && !(typeof raw.latencyMs === 'number' && raw.latencyMs >= 0))
        return undefined;
    // Keys in the schema's order, so the copy matches the schema's output to the key.
    const response = {};
    if (raw.message !== undefined) {
        const message = copyMessage(raw.message);
        if (!message)
            return undefined;
        response.message = message;
    }
    response.finishReason = raw.finishReason;
    if (raw.finishMessage !== undefined)
        response.finishMessage = raw.finishMessage;
    if (raw.latencyMs !== undefined)
        response.latencyMs = raw.latencyMs;
    return response;
}
//# sourceMappingURL=plain-response.js.map