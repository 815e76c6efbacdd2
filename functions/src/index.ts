// The deploy manifest: every function this codebase deploys, the flows each a callable speaking the
// kit's wire protocol (docs/reference.md, the wire protocol), beside the refunds agent's MCP server (HTTP). Each flow is passed as a loader, so an instance imports
// only the flow it serves, on its first call: the cold start loads firebase-functions (which
// itself loads firebase-admin's app, auth and app-check, for the tokens a request carries) and
// this file, nothing else (no zod, no Firestore SDK, no model SDK).
// First: Node's compile cache on before firebase-functions (and the firebase-admin modules it
// loads) is compiled, so an instance loads them, the flow, the kit and gRPC from the compiled
// code the deploy's build step shipped (prime-compile-cache.ts), if it did.
import './compile-cache-on.js';
import type { UsageLimits } from '@callable-flows/kit/callable/limits/usage-limits.js';
import { onCallFlow } from '@callable-flows/kit/callable/on-call-flow.js';
import type { OnCallFlowOptions } from '@callable-flows/kit/callable/on-call-flow-options.js';
import { notifyOwner } from '@callable-flows/kit/cleanup/notify-owner.js';
import { scheduledCleanup } from '@callable-flows/kit/cleanup/scheduled-cleanup.js';
import { onTurnContinuation } from '@callable-flows/kit/continuation/on-turn-continuation.js';
// Not the callable barrel: it would load the wire protocol's schemas (zod) at import time.
import { FirestoreUsageCounters } from '@callable-flows/kit/usage/firestore-usage-counters.js';
import { defineSecret } from 'firebase-functions/params';
import { onCall, onRequest } from 'firebase-functions/v2/https';
// Declares the order assistant's ORDER_ASSISTANT_WHILE_BUSY deploy parameter (firebase-functions/params only).
import './flows/deployed/order-while-busy.js';

/** The Gemini API key (Secret Manager; in the emulator, the shell or functions/.secret.local). */
const geminiApiKey = defineSecret('GEMINI_API_KEY');
/** The key the refunds agent and its MCP server share (flows/refunds/refunds-mcp-key.ts; the emulator has a demo key). */
const refundsMcpKey = defineSecret('REFUNDS_MCP_KEY');

/**
 * Per-user limits of every flow, counted in Firestore (`usageCounters`, server-only): a cap on
 * calls a minute against scripted abuse, token budgets against a runaway bill.
 */
const limits: UsageLimits = {
  counters: new FirestoreUsageCounters({
    // Made by the first call that needs it, not by the cold start: the turns' client (turn-firestore.ts).
    firestore: async () => (await import('./flows/turn-firestore.js')).turnFirestore(),
  }),
  callsPerMinute: 30,
  tokensPerUserPerDay: 500_000,
  tokensPerSessionPerDay: 200_000,
};

// App Check is required when deployed; the emulator (the demo, e2e and browser tests) runs without it.
const common: OnCallFlowOptions = {
  region: 'us-central1',
  secrets: [geminiApiKey],
  memory: '512MiB',
  concurrency: 40,
  enforceAppCheck: 'unless-emulator',
  limits,
};

/**
 * The order assistant: query, cancel (the user confirms), finish; a refund is handed to the refunds
 * agent (a manager approves it), which serves the session from then on through this callable. Open
 * to anonymous users (the web demo). A message sent while a turn runs is queued (answered `queued`, then on the server in order).
 */
export const orderAssistant = onCallFlow(
  // A person who closes the tab mid-turn comes back to the answer (watch, or a retry by request id).
  // Refunds are handed to the refunds agent, on the same session: its tools' server needs the key.
  {
    ...common,
    secrets: [geminiApiKey, refundsMcpKey],
    timeoutSeconds: 120,
    allowAnonymous: true,
    onDisconnect: 'finish',
  },
  async () => (await import('./flows/deployed/order-assistant.js')).orderAssistant,
);

/**
 * The refunds agent's MCP server (Streamable HTTP, stateless): `checkRefund` and `refundOrder` on
 * the orders. The order assistant hands refunds to the refunds agent, whose tools these are
 * (flows/refunds). Every request must bring the shared key.
 */
export const refundsMcp = onRequest(
  { region: 'us-central1', secrets: [refundsMcpKey], memory: '256MiB', timeoutSeconds: 30, invoker: 'public' },
  async (req, res) => (await import('./flows/deployed/refunds-mcp.js')).refundsMcp(req, res),
);

/** Money transfers that wait for the user's confirmation. A message while a turn runs is refused `SESSION_BUSY`. */
export const transferMoney = onCallFlow(
  // Finishes when the person goes away, like the order assistant: a confirmed transfer is journaled to its end.
  { ...common, timeoutSeconds: 120, onDisconnect: 'finish' },
  async () => (await import('./flows/deployed/transfer-money.js')).transferMoney,
);

/** A stateless summarizer with structured output. */
export const summarize = onCallFlow(
  { ...common, timeoutSeconds: 60 },
  async () => (await import('./flows/deployed/summarize.js')).summarize,
);

/**
 * What the web app's empty page needs: the caller's orders (a guest's demo orders, made on their
 * first call) and which model answers (`scripted` without a Gemini key). It reads the key's
 * presence, so it names the secret as the flows do.
 */
export const welcome = onCall({ region: 'us-central1', secrets: [geminiApiKey], memory: '256MiB' }, async (request) =>
  (await import('./flows/deployed/welcome.js')).welcome(request),
);

/**
 * Goes on with a turn of the agents above whose instance died mid-turn (its lease lapsed), from
 * its journal, with no client call (docs/concepts.md, a turn outlives its instance). Each agent hands a turn that has
 * run 1 s to this function's queue, at most once (`flows/deployed/continuation.ts`).
 */
export const continueTurn = onTurnContinuation({
  region: 'us-central1',
  secrets: [geminiApiKey, refundsMcpKey],
  memory: '512MiB',
  agents: {
    orderAssistant: async () => (await import('./flows/deployed/order-assistant.js')).orderAssistant,
    transferMoney: async () => (await import('./flows/deployed/transfer-money.js')).transferMoney,
  },
});

/** Hourly: expires interrupts that waited a day (notifying their owners), deletes sessions untouched for 30 days. */
export const sessionCleanup = scheduledCleanup({ region: 'us-central1', onExpired: notifyOwner() });
