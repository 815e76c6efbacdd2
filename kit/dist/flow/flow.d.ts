import type { z } from 'zod';
import type { GenerateResponseChunk } from '../model/index.js';
import type { ActionContext } from '../tools/index.js';
/** What a flow's function receives beside its input. */
export interface FlowContext {
    /** The caller's context (auth, App Check); pass it on to `generate` as `context`. */
    context: ActionContext;
    /** Set when the caller streams: pass it to `generate` as `onChunk`. */
    onChunk: ((chunk: GenerateResponseChunk) => void) | undefined;
    /** Fires when the caller gives up: pass it to `generate` as `signal`. */
    signal: AbortSignal | undefined;
}
/** How a flow is run: everything optional, so a flow can be called directly in code and tests. */
export type FlowRunOptions = Partial<FlowContext>;
/** Configuration of a {@link defineFlow} flow. */
export interface FlowConfig<I extends z.ZodType, O extends z.ZodType> {
    /** The flow's name: the callable's name when it is deployed. */
    name: string;
    /** The input the flow accepts; a client's data is parsed with it (invalid-argument names the field). */
    inputSchema: I;
    /** The output the flow promises; a result that breaks it is the flow's bug (internal). */
    outputSchema: O;
}
/** The body of a flow. */
export type FlowFn<I extends z.ZodType, O extends z.ZodType> = (input: z.infer<I>, ctx: FlowContext) => Promise<z.input<O>> | z.input<O>;
/** A stateless flow: input in, output out, no session. */
export interface Flow<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
    readonly kind: 'flow';
    readonly name: string;
    readonly config: Readonly<FlowConfig<I, O>>;
    /** Parses `input`, runs the body, parses its output. */
    run(input: unknown, options?: FlowRunOptions): Promise<z.infer<O>>;
}
