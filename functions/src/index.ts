// The deploy manifest: every function this codebase deploys, each a callable speaking the
// kit's wire protocol (DESIGN.md). Each flow is passed as a loader, so an instance imports
// only the flow it serves, on its first call: the cold start loads firebase-functions and
// this file, nothing else (no zod, no firebase-admin, no model SDK).
import { defineSecret } from 'firebase-functions/params';
// Not the callable barrel: it would load the wire protocol's schemas (zod) at import time.
import { onCallFlow } from './kit/callable/on-call-flow.js';
import type { OnCallFlowOptions } from './kit/callable/on-call-flow-options.js';
import { notifyOwner } from './kit/cleanup/notify-owner.js';
import { scheduledCleanup } from './kit/cleanup/scheduled-cleanup.js';

/** The Gemini API key (Secret Manager; in the emulator, the shell or functions/.secret.local). */
const geminiApiKey = defineSecret('GEMINI_API_KEY');

const common: OnCallFlowOptions = { region: 'us-central1', secrets: [geminiApiKey], memory: '512MiB', concurrency: 40 };

/** The order assistant: query, cancel (the user confirms), finish. */
export const orderAssistant = onCallFlow(
  { ...common, timeoutSeconds: 120 },
  async () => (await import('./flows/deployed/order-assistant.js')).orderAssistant,
);

/** Money transfers that wait for the user's confirmation. */
export const transferMoney = onCallFlow(
  { ...common, timeoutSeconds: 120 },
  async () => (await import('./flows/deployed/transfer-money.js')).transferMoney,
);

/** A stateless summarizer with structured output. */
export const summarize = onCallFlow(
  { ...common, timeoutSeconds: 60 },
  async () => (await import('./flows/deployed/summarize.js')).summarize,
);

/** Hourly: expires interrupts that waited a day (notifying their owners), deletes sessions untouched for 30 days. */
export const sessionCleanup = scheduledCleanup({ region: 'us-central1', onExpired: notifyOwner() });
