import type { GenerateRequest, ModelRunnerResponse } from '../model/index.js';
interface ScriptRound {
    tool: string;
    count: number;
}
/** `lookup*1 > lookup*8` as rounds; undefined when the text is not a script. */
export declare function parseScript(text: string): ScriptRound[] | undefined;
/**
 * The reply of the benchmark protocol's scripted model (docs/bench-protocol.md): decided from
 * the request's messages alone, so a resumed or replayed conversation gets the same answer.
 */
export declare function benchProtocolReply(request: GenerateRequest): ModelRunnerResponse;
export {};
