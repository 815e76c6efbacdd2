import { subAgentOf } from '../../call-state/index.js';
import { KitError } from '../../errors/index.js';
import type { AdmitWaiting } from '../../generate/index.js';
import type { WaitingCount } from '../../session/index.js';
import type { AgentRuntime } from '../runtime/index.js';

/** Whose approvals a turn asks for: its session's owner, and the agent running it. */
export interface Asker {
  ownerUid: string;
  agent: string;
}

/** The count of `filter`'s waiting approvals, or none asked (0) when its bound is lifted. */
const countUnder = (limit: number, count: () => Promise<number>): Promise<number> =>
  limit === Number.POSITIVE_INFINITY ? Promise.resolve(0) : count();

/** The tool error of a call refused because `count` approvals already wait where at most `limit` may. */
function refusal(whose: 'owner' | 'agent', count: number, limit: number): KitError {
  const words =
    whose === 'owner'
      ? `not asked: the person already has ${count} approvals waiting (at most ${limit} may wait); ` +
        'tell them to answer or decline some of them first, then ask again'
      : `not asked: this agent already has ${count} approvals waiting across its users (at most ${limit} may wait); ` +
        'tell the person it cannot ask for an approval now, and to try again later';
  return new KitError('resource-exhausted', words);
}

/**
 * The bound on waiting approvals of a turn (`waitingApprovals`), as the round's `admitWaiting`: the
 * one place that decides whether a call may wait for a person. It reads the store's counts of the
 * owner's and the agent's waiting approvals (no read until a round would leave a call waiting),
 * and admits the calls that asked, in request order, while both stay under their bounds; each
 * other is refused with the words the model passes on. A sub-agent call is admitted as it is: its
 * questions were bounded in the sub-agent's own turn. Undefined when the bound is lifted or the
 * store can't count (nothing bounded).
 */
export function waitingBound(rt: AgentRuntime, asker: Asker): AdmitWaiting | undefined {
  const bound = rt.waitingApprovals;
  const counter: WaitingCount | undefined = rt.store.waitingCount;
  if (!bound || !counter) return undefined;
  return async (asked) => {
    if (asked.every((part) => subAgentOf(part))) return asked.map(() => undefined);
    const [owner, agent] = await Promise.all([
      countUnder(bound.perOwner, () => counter.count({ ownerUid: asker.ownerUid })),
      countUnder(bound.perAgent, () => counter.count({ agent: asker.agent })),
    ]);
    let [ownerCount, agentCount] = [owner, agent];
    return asked.map((part) => {
      if (subAgentOf(part)) return undefined;
      if (ownerCount >= bound.perOwner) return refusal('owner', ownerCount, bound.perOwner);
      if (agentCount >= bound.perAgent) return refusal('agent', agentCount, bound.perAgent);
      ownerCount++;
      agentCount++;
      return undefined;
    });
  };
}
