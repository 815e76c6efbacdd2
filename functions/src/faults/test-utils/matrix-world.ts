import { defineAgent } from '@callable-flows/kit/agent/define-agent.js';
import {
  type Agent,
  type AgentSendResult,
  MemoryContinuationQueue,
  type WhileBusy,
} from '@callable-flows/kit/agent/index.js';
import {
  deployedTransferTools,
  type Effects,
  effects,
  type ManualClock,
  manualClock,
  type TransferDeploy,
  transferOnSend,
  transferTool,
} from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { WIRE_ERROR_RULES } from '@callable-flows/kit/callable/index.js';
import { type ErrorReason, isKitError } from '@callable-flows/kit/errors/index.js';
import type { Message } from '@callable-flows/kit/model/index.js';
import type { ApprovalWaitingHook } from '@callable-flows/kit/notify/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { Session, SessionStore } from '@callable-flows/kit/session/index.js';
import type { Tool } from '@callable-flows/kit/tools/index.js';
import type { ApprovalResult } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import type { z } from 'zod';

/**
 * Who may answer the matrix's transfer: its owner alice, and max, an approver who is not the
 * owner (his answers drive some failure points: the turn goes on as alice's).
 */
export const TRANSFER_APPROVERS = ({ auth }: { auth: { uid: string } }): boolean =>
  auth.uid === 'alice' || auth.uid === 'max';

/** The lease of the matrix's agent (short, moved past by hand). */
export const LEASE_MS = 15_000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A model hook: runs before each model call, to fail or stall it (`signal` fires when the turn gives the call up). */
export type BeforeModel = (
  call: number,
  request: { messages: Message[] },
  signal: AbortSignal | undefined,
) => Promise<void> | void;

/** One tenant of the emulator: its own collections, clock, downstream effects and model faults. */
export interface MatrixWorld {
  store: FirestoreSessionStore;
  clock: ManualClock;
  /** The downstream system: one entry in `refs` per run of the transfer body. */
  record: Effects;
  hooks: { beforeModel?: BeforeModel; onApprovalWaiting?: ApprovalWaitingHook };
  /** The continuation queue every turn hands itself to as it starts (Cloud Tasks when deployed); a test dispatches it. */
  queue: MemoryContinuationQueue;
  /** The tenant's collections (a client's `watch` names them). */
  collections: { sessions: string; history: string };
  /**
   * The bank agent as one instance sees it (its own cache) over `over`; it refuses a message while a
   * turn runs. It tells `hooks.onApprovalWaiting`, as set when it is made, of each call that waits.
   */
  agent(over?: SessionStore): Agent;
  /** The same agent deployed to queue (or interrupt with) a message sent while a turn runs. */
  busyAgent(whileBusy: Exclude<WhileBusy, 'reject'>): Agent<WhileBusy>;
  /** Deploys a new version of the bank: from now on every instance offers `transfer` as `deploy` changed it. */
  deploy(deploy: TransferDeploy): void;
  /** The session as a fresh instance reads it. */
  stored(sessionId: string): Promise<Session>;
  /** When Firestore last wrote the session's document (seconds.nanoseconds). */
  writtenAt(sessionId: string): Promise<string>;
}

let tenants = 0;

/** A fresh tenant on `firestore`. */
export function matrixWorld(firestore: Firestore): MatrixWorld {
  const prefix = `m${tenants++}_`;
  const store = new FirestoreSessionStore({ firestore, prefix });
  const clock = manualClock();
  const record = effects();
  const hooks: MatrixWorld['hooks'] = {};
  const queue = new MemoryContinuationQueue();
  const model = transferOnSend(500, { before: (call, request, signal) => hooks.beforeModel?.(call, request, signal) });
  let tools = (): Tool[] => [transferTool(record, TRANSFER_APPROVERS)];
  return {
    store,
    clock,
    record,
    hooks,
    queue,
    collections: { sessions: `${prefix}sessions`, history: `${prefix}history` },
    agent: (over = store) =>
      defineAgent({
        name: 'bank',
        model,
        tools: tools(),
        store: over,
        clock: clock.now,
        leaseMs: LEASE_MS,
        continuation: { queue, afterMs: 0 },
        ...(hooks.onApprovalWaiting ? { onApprovalWaiting: hooks.onApprovalWaiting } : {}),
      }),
    busyAgent: (whileBusy) =>
      defineAgent<z.ZodType, WhileBusy>({
        name: 'bank',
        model,
        tools: tools(),
        store,
        clock: clock.now,
        leaseMs: LEASE_MS,
        whileBusy,
      }),
    deploy: (deploy) => {
      tools = () => deployedTransferTools(record, deploy);
    },
    stored: async (sessionId) => {
      const loaded = await store.load(sessionId);
      if (!loaded) throw new Error(`session ${sessionId} is gone`);
      return loaded.session;
    },
    writtenAt: async (sessionId) => {
      const snap = await firestore.collection(`${prefix}sessions`).doc(sessionId).get();
      return `${snap.updateTime?.seconds}.${snap.updateTime?.nanoseconds}`;
    },
  };
}

/** What a call gave: its result, or the wire reason it failed with (as a client reads it). */
export type Settled =
  | { ok: AgentSendResult | ApprovalResult }
  | { failed: ErrorReason | 'not a kit error'; error: unknown };

/** The reason a client gets for `error`: its own, else its code's default. */
export function wireReason(error: unknown): ErrorReason | 'not a kit error' {
  if (!isKitError(error)) return 'not a kit error';
  return error.reason ?? WIRE_ERROR_RULES[error.code].reason;
}

/** Settles a call into its result or its wire reason. */
export async function settle(call: Promise<AgentSendResult | ApprovalResult>): Promise<Settled> {
  try {
    return { ok: await call };
  } catch (error) {
    return { failed: wireReason(error), error };
  }
}

/** A settled call as a short line, for assertion messages. */
export function describeSettled(outcome: Settled): string {
  if ('ok' in outcome) {
    const { ok } = outcome;
    if (ok.status === 'answered') return `ok: answered ${ok.answered.map((a) => a.ref).join(', ')}`;
    return ok.status === 'queued' ? `ok: queued at ${ok.position}` : `ok: ${ok.status} "${ok.text}"`;
  }
  return `failed: ${outcome.failed} (${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)})`;
}
