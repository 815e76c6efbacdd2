import { type GenerateRequest, type Model, type ModelCallOptions, type ModelRunnerResponse, type ModelSupports } from '../../model/index.js';
/**
 * One scripted answer: text, a whole response, or a function of the request (and of the call's
 * options: its signal fires when the caller gives up, as a real model's HTTP call is aborted).
 */
export type ScriptStep = string | ModelRunnerResponse | ((request: GenerateRequest, call: ModelCallOptions) => ModelRunnerResponse | string | Promise<ModelRunnerResponse | string>);
/** Options of {@link scriptedModel}. */
export interface ScriptedModelOptions {
    name?: string;
    supports?: ModelSupports;
    /** Stream text word by word when the caller streams. Default true. */
    stream?: boolean;
    /** Wait this long before answering (honours abort), to stand in for a real model's latency. */
    delayMs?: number;
    /**
     * Keep every request in `requests` (for tests). Default true; a deployed model (the flows'
     * offline stand-in) passes false, so that it keeps nothing per request however long it runs.
     */
    record?: boolean;
}
/** A scripted model, with the requests it received (for tests; empty when `record` is false). */
export interface ScriptedModel extends Model {
    readonly requests: GenerateRequest[];
}
/**
 * The deterministic offline model: with a list it answers from the queue in order; with a
 * function (a reply of the request, e.g. the bench protocol's) it answers what the function says.
 */
export declare function scriptedModel(script: ScriptStep | ScriptStep[], options?: ScriptedModelOptions): ScriptedModel;
