/**
 * Tools the conversation does not show: they are the agent's own bookkeeping, not something it
 * did for the person (`finish` ends a task with a summary the assistant then says in words).
 * The kit's wire protocol carries no per-tool display flag, so the client that shows the
 * transcript decides, as an AI SDK app decides which tool parts it renders.
 */
export const HIDDEN_TOOLS: ReadonlySet<string> = new Set(['finish']);

/** The prefix of the hand-off tools (`handoffTo`'s default names): a hand-off shows as its own line instead. */
const HANDOFF_PREFIX = 'transfer_to_';

/** True when tool `name` is left out of the transcript. */
export function isHiddenTool(name: string): boolean {
  return HIDDEN_TOOLS.has(name) || name.startsWith(HANDOFF_PREFIX);
}

/** The names the conversation gives the server's agents (their `name`s, functions/src/flows). */
const AGENT_LABELS: Readonly<Record<string, string>> = { refunds: 'Refunds', orderAssistant: 'the assistant' };

/** The agent a hand-off tool hands to (`transfer_to_refunds` → `refunds`); undefined for any other tool. */
export function handoffTarget(name: string): string | undefined {
  return name.startsWith(HANDOFF_PREFIX) ? name.slice(HANDOFF_PREFIX.length) : undefined;
}

/** The line a hand-off to agent `to` shows: "Handed to Refunds". */
export function handoffWords(to: string): string {
  return `Handed to ${AGENT_LABELS[to] ?? to}`;
}
