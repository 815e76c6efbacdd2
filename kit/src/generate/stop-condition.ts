import type { Tool } from '../tools/index.js';
import type { RoundRecord, StopCondition } from './generate-options.js';
import { lookupTool } from './to-tool-map.js';

/** Stops once `count` tool rounds have run. */
export function roundCountIs(count: number): StopCondition {
  return ({ rounds }) => rounds.length >= count;
}

/** @deprecated The old name of {@link roundCountIs}: it counts rounds, not steps. */
export const stepCountIs = roundCountIs;

/** Stops once the model has called the tool `name`. */
export function hasToolCall(name: string): StopCondition {
  return ({ rounds }) => rounds.some((round) => round.toolCalls.some((call) => call.name === name));
}

/** The response of the round's first tool with `stop: true`, if any answered. */
export function stopToolResult(
  round: RoundRecord,
  tools: ReadonlyMap<string, Tool>,
): RoundRecord['toolResults'][number] | undefined {
  return round.toolResults.find((r) => {
    if (r.metadata?.toolError !== undefined) return false;
    return lookupTool(tools, r.toolResponse.name)?.config.stop === true;
  });
}

/** True when any of the caller's conditions holds after the rounds so far. */
export function isStopMet(
  conditions: StopCondition | StopCondition[] | undefined,
  rounds: readonly RoundRecord[],
): boolean {
  if (!conditions) return false;
  return [conditions].flat().some((condition) => condition({ rounds }));
}
