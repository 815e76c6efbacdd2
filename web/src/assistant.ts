import type { FlowClient, FlowInterrupt, FlowTypes, WireInterruptMetadata } from '@callable-flows/client';

/**
 * What the app knows of the order assistant's types: any tool may ask first, and its card is
 * drawn from the metadata it asks with (approval-copy.ts), so no tool is named here.
 */
export interface AssistantTypes extends FlowTypes {
  /** The order assistant queues a message sent while a turn runs (its server side's `whileBusy`). */
  whileBusy: 'queue';
  interrupts: Record<string, { input: unknown; metadata: WireInterruptMetadata; output: unknown }>;
}

/** The typed client of the agent's function (`orderAssistant`, or a kit instance's `kit-<instance>-agent`: agent-target.ts). */
export type Assistant = FlowClient<AssistantTypes>;

/** An interrupt of the assistant, with the session it belongs to. */
export type AssistantInterrupt = FlowInterrupt<AssistantTypes>;
