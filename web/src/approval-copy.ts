import type { ApprovalState, WireInterruptMetadata } from '@callable-flows/client';

/** What an approval card says, in the person's words (web/README.md, "What a tool tells the approval card"). */
export interface ApprovalCopy {
  /** One plain question: "Cancel order A-1001?". */
  title: string;
  /** What will happen: "Your Espresso grinder (order A-1001) will be cancelled…". */
  summary?: string;
  /** What can't be taken back: "This can't be undone.". */
  consequence?: string;
  /** The yes button: "Cancel order". */
  approveLabel: string;
  /** The no button: "Keep order". */
  declineLabel: string;
  /** What a declined card says happened: "Kept". */
  declinedOutcome: string;
}

/**
 * Metadata fields that are the card's words, so the folded details don't repeat them; and `mcp`,
 * the kit's own record of which MCP server's tool a call is (mcpTools), not the person's to read.
 */
export const COPY_FIELDS: ReadonlySet<string> = new Set([
  'mcp',
  'title',
  'summary',
  'consequence',
  'approveLabel',
  'declineLabel',
  'declinedOutcome',
  'question',
]);

const fieldsOf = (metadata: WireInterruptMetadata): Record<string, unknown> => (metadata === true ? {} : metadata);

const words = (fields: Record<string, unknown>, key: string): string | undefined => {
  const value = fields[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** A tool name as words: `cancelOrder` → "cancel order", `send_email` → "send email". */
export function toolWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-./]+/g, ' ')
    .toLowerCase()
    .trim();
}

/**
 * The card's words for an interrupt: the tool's own (`title`, `summary`, `consequence`,
 * `approveLabel`, `declineLabel`, `declinedOutcome` in its interrupt metadata), else plain defaults;
 * an older tool's `question` serves as the title.
 */
export function approvalCopy(name: string, metadata: WireInterruptMetadata): ApprovalCopy {
  const fields = fieldsOf(metadata);
  const copy: ApprovalCopy = {
    title: words(fields, 'title') ?? words(fields, 'question') ?? `Allow the assistant to ${toolWords(name)}?`,
    approveLabel: words(fields, 'approveLabel') ?? 'Approve',
    declineLabel: words(fields, 'declineLabel') ?? 'Decline',
    declinedOutcome: words(fields, 'declinedOutcome') ?? 'Declined',
  };
  const summary = words(fields, 'summary');
  const consequence = words(fields, 'consequence');
  if (summary) copy.summary = summary;
  if (consequence) copy.consequence = consequence;
  return copy;
}

/** How a decided card reads: the outcome in words, and whether it went the way the person chose. */
export interface Outcome {
  text: string;
  /** False when the tool ran but could not do it (its result carries a `reason`). */
  ok: boolean;
}

/** What a decided card knows of its call besides its state: the person's reason, and whether the tool failed. */
export interface Decided {
  /** The person's reason, when they declined and gave one. */
  declineReason?: string | undefined;
  /** True when the approved tool ran and threw (the kit recorded its error): `output` holds its words. */
  failed?: boolean | undefined;
}

/** The words of a failed call's error (the kit records them as its output's `error`). */
const errorWords = (output: unknown): string => {
  const error = typeof output === 'object' && output !== null ? (output as { error?: unknown }).error : output;
  return typeof error === 'string' && error.trim() ? error.trim() : 'the tool gave no reason';
};

/**
 * What happened after a decision: an approved call's result speaks for itself (its `outcome`
 * field, "Cancelled"), or says it failed with the error's words when the tool threw; a declined
 * one says so with the person's reason ("Kept: I changed my mind").
 */
export function outcomeOf(
  state: ApprovalState,
  copy: ApprovalCopy,
  output: unknown,
  { declineReason, failed = false }: Decided = {},
): Outcome | undefined {
  const result = typeof output === 'object' && output !== null ? (output as Record<string, unknown>) : {};
  if (state === 'approved') {
    if (failed) return { text: `Failed: ${errorWords(output)}`, ok: false };
    // By the example tools' convention a result with a `reason` did not happen (the order had shipped).
    const notDone = words(result, 'reason');
    return { text: words(result, 'outcome') ?? (notDone ? `Not done: ${notDone}` : 'Done'), ok: !notDone };
  }
  if (state === 'declined') {
    return { text: declineReason ? `${copy.declinedOutcome}: ${declineReason}` : copy.declinedOutcome, ok: true };
  }
  if (state === 'expired') return { text: 'Expired: nobody answered in time, so nothing was done.', ok: false };
  if (state === 'not-run') {
    return { text: 'Not run: the assistant was updated before anyone answered, so nothing was done.', ok: false };
  }
  if (state === 'superseded') {
    return { text: 'Superseded: the conversation went back before this, so nothing was done.', ok: false };
  }
  return undefined;
}

/**
 * Who answered a decided card, in words: "Approved by you" when the person looking answered it,
 * "Declined by max" when someone else did (an approver: a manager, finance); undefined while it
 * waits, or when the answer records no one (the cleanup expired it, or it was stored before answers were).
 */
export function answeredByWords(
  state: ApprovalState,
  answeredBy: { uid: string; name?: string } | undefined,
  viewerUid: string | undefined,
): string | undefined {
  if (!answeredBy || (state !== 'approved' && state !== 'declined')) return undefined;
  const who = answeredBy.uid === viewerUid ? 'you' : (answeredBy.name ?? answeredBy.uid);
  return `${state === 'approved' ? 'Approved' : 'Declined'} by ${who}`;
}
