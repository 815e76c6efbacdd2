import type { Approval, Resume } from '@callable-flows/protocol';
import type { FlowInterrupt, FlowTypes, InputEdit, InterruptInput, InterruptName } from './flow-types.js';

/** What a reply that acts on what the person was shown names: the interrupt, and the digest of its input when it came with one. */
function replyTo(interrupt: FlowInterrupt): { ref: string; name: string; inputDigest?: string } {
  const { ref, name, inputDigest } = interrupt;
  return inputDigest === undefined ? { ref, name } : { ref, name, inputDigest };
}

/** The resume that approves `interrupt` as shown, or with a person's edit of its input (`replaceInput`) and `metadata`. */
export function approval<T extends FlowTypes, N extends InterruptName<T>>(
  interrupt: FlowInterrupt<T, N>,
  replaceInput: InputEdit<InterruptInput<T, N>> | undefined,
  metadata: Record<string, unknown> | undefined,
): Resume {
  const restart = {
    ...replyTo(interrupt as FlowInterrupt),
    ...(replaceInput === undefined ? {} : { replaceInput }),
    ...(metadata === undefined ? {} : { metadata }),
  };
  return { restart: [restart] } as Resume;
}

/** The resume that declines `interrupt`, with the person's `reason` if any. No digest: a no stands whatever the call now holds. */
export function declining(interrupt: FlowInterrupt, reason: string | undefined): Resume {
  return { decline: [{ ref: interrupt.ref, name: interrupt.name, ...(reason === undefined ? {} : { reason }) }] };
}

/** The resume that answers `interrupt` with its tool's `output`, bound to the input shown. */
export function answering(interrupt: FlowInterrupt, output: unknown): Resume {
  return { respond: [{ ...replyTo(interrupt), output }] } as Resume;
}

/**
 * What an approver decides of a call of the inbox: approve it as shown, answer its question
 * (`respond`: an MCP server's form, filled in), or decline it (with their reason).
 */
export type ApprovalDecision =
  | { kind: 'approve' }
  | { kind: 'respond'; output: unknown }
  | { kind: 'decline'; reason?: string };

/** The resume that carries an approver's `decision` on the inbox document `approval`: by ref, tool and digest. */
export function approvalDecision(approval: Approval, decision: ApprovalDecision): Resume {
  const { ref, tool: name, inputDigest } = approval;
  const digest = inputDigest ? { inputDigest } : {};
  if (decision.kind === 'approve') return { restart: [{ ref, name, ...digest }] };
  if (decision.kind === 'respond') return { respond: [{ ref, name, output: decision.output, ...digest }] };
  return { decline: [{ ref, name, ...(decision.reason ? { reason: decision.reason } : {}) }] };
}
