/** What a turn sends: the protocol's one-tool script, so each turn is a model call, a read-only tool, a model call. */
export const TURN_MESSAGE = 'script: lookup*1';
/** The deployed order assistant's text-only turn (its scripted model, no tool): what the manifest's cold text turn sends. */
export const MANIFEST_MESSAGE = 'hello';
/**
 * The deployed order assistant's tool turn: its scripted model calls `queryOrder`, which reads the
 * order's document, then answers with what it read (the order's item) and calls `finish`.
 */
export const manifestToolMessage = (orderId: string): string => `Where is order ${orderId}?`;
/** What a turn must answer. */
export const TURN_ANSWER = 'done: 1 tool round(s), 1 tool result(s)';
