import { KitError } from '../../errors/index.js';
import { lookupTool } from '../../generate/index.js';
import type { Session, Standing } from '../../session/index.js';
import type { AgentRuntime } from '../runtime/index.js';

/** How soon a caller refused for a source that could not be listed should try again. */
export const UNLISTED_RETRY_MS = 5_000;

/**
 * Refuses a call on a session that waits for a person while a source of the agent's tools has no
 * list on this instance (its server could not be listed) and a waiting call names a tool the agent
 * doesn't have: that tool may well be the source's. Taken for gone, an approval would be refused
 * `TOOL_CHANGED` and a new message would close the call as never to run; it is `unavailable`
 * (`TOOLS_UNAVAILABLE`) instead, nothing written, so the same call succeeds once the server answers.
 */
export function assertToolsListed(rt: AgentRuntime, session: Session, standing: Standing): void {
  if (standing !== 'interrupted') return;
  const unlisted = rt.toolSources?.sources.filter((source) => source.listed === false);
  if (!unlisted?.length) return;
  const missing = session.interrupts.find((part) => !lookupTool(rt.toolMap, part.toolRequest.name));
  if (!missing) return;
  const servers = unlisted.map((source) => `'${source.name}'`).join(', ');
  const { name, ref } = missing.toolRequest;
  throw new KitError(
    'unavailable',
    `the tools of ${servers} could not be listed, so the call of '${name}' (ref '${ref}') can't be checked now: try again`,
    { reason: 'TOOLS_UNAVAILABLE', details: { name, ref, retryAfterMs: UNLISTED_RETRY_MS } },
  );
}
