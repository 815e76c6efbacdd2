// The slice of Genkit's own API (genkit/beta 1.x) the benches drive, typed here because Genkit
// is not a dependency of functions/: it is loaded at run time from the bench-only install.

/** A message as Genkit's API takes and returns it (the same shape as the kit's). */
export interface GenkitMessage {
  role: 'system' | 'user' | 'model' | 'tool';
  content: Record<string, unknown>[];
  metadata?: Record<string, unknown>;
}

/** Genkit's zod v3 builder, as far as the benches use it. */
export interface GenkitZod {
  object(shape: Record<string, unknown>): unknown;
  string(): unknown;
  number(): unknown;
  boolean(): unknown;
}

/** A tool or interrupt made by `ai.defineTool` / `ai.defineInterrupt`. */
export interface GenkitTool {
  respond(interrupt: unknown, output: unknown): unknown;
  restart(interrupt: unknown): unknown;
}

/** What `ai.generate` returns, as far as the benches read it. */
export interface GenkitGenerateResponse {
  text: string;
  finishReason: string;
  interrupts: unknown[];
  messages: GenkitMessage[];
}

/** The context Genkit passes a tool body. */
export interface GenkitToolContext {
  interrupt(metadata?: Record<string, unknown>): never;
  resumed?: unknown;
}

/** Options of `ai.generate` the benches use. */
export interface GenkitGenerateOptions {
  model: unknown;
  prompt?: string;
  messages?: GenkitMessage[];
  tools?: GenkitTool[];
  resume?: { respond?: unknown[]; restart?: unknown[] };
}

/** A completed agent turn (`AgentChat.send`). */
export interface GenkitAgentResponse {
  text: string;
  finishReason: string;
  sessionId?: string;
  snapshotId?: string;
  messages: GenkitMessage[];
}

/** A conversation with a Genkit agent. */
export interface GenkitAgentChat {
  send(input: string): Promise<GenkitAgentResponse>;
  readonly sessionId?: string;
}

/** A Genkit agent (`ai.defineAgent`). */
export interface GenkitAgent {
  chat(init?: { sessionId?: string; snapshotId?: string }): GenkitAgentChat;
  loadChat(lookup: { sessionId: string }): Promise<GenkitAgentChat>;
  getSnapshot(lookup: { sessionId: string }): Promise<{ state?: { messages?: GenkitMessage[] } } | undefined>;
}

/** The Genkit instance (`genkit({})` from `genkit/beta`). */
export interface GenkitInstance {
  defineModel(
    info: { name: string; supports?: Record<string, unknown> },
    runner: (request: { messages: GenkitMessage[] }) => Promise<unknown>,
  ): unknown;
  defineTool(
    config: { name: string; description: string; inputSchema?: unknown; outputSchema?: unknown },
    fn: (input: { id: string }, ctx: GenkitToolContext) => Promise<unknown>,
  ): GenkitTool;
  defineInterrupt(config: { name: string; description: string; outputSchema?: unknown }): GenkitTool;
  generate(options: GenkitGenerateOptions): Promise<GenkitGenerateResponse>;
  defineAgent(config: { name: string; model: unknown; tools?: GenkitTool[]; store?: unknown }): GenkitAgent;
}

/** `genkit/beta`'s exports the benches use. */
export interface GenkitBetaModule {
  genkit(options: Record<string, never>): GenkitInstance;
  z: GenkitZod;
}
