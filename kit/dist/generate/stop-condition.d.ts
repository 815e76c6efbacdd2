import type { Tool } from '../tools/index.js';
import type { RoundRecord, StopCondition } from './generate-options.js';
/** Stops once `count` tool rounds have run. */
export declare function roundCountIs(count: number): StopCondition;
/** @deprecated The old name of {@link roundCountIs}: it counts rounds, not steps. */
export declare const stepCountIs: typeof roundCountIs;
/** Stops once the model has called the tool `name`. */
export declare function hasToolCall(name: string): StopCondition;
/** The response of the round's first tool with `stop: true`, if any answered. */
export declare function stopToolResult(round: RoundRecord, tools: ReadonlyMap<string, Tool>): RoundRecord['toolResults'][number] | undefined;
/** True when any of the caller's conditions holds after the rounds so far. */
export declare function isStopMet(conditions: StopCondition | StopCondition[] | undefined, rounds: readonly RoundRecord[]): boolean;
