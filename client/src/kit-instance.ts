import type { WatchOptions } from './watch.js';
import type { WatchApprovalsOptions } from './watch-approvals.js';

/**
 * Where one instance of the `@callable-flows/agent-kit` Function Kit answers and keeps its
 * documents: what `flow`, `watch` and `watchApprovals` are given to talk to it.
 */
export interface KitInstance {
  /** The instance's id, as `firebase functions:kits:install` named it. */
  id: string;
  /** The agent's callable, `kit-<instance>-agent` (the CLI names every kit function `kit-<instance>-<name>`): `flow(functions, instance.callable)`. */
  callable: string;
  /** The `agent` its sessions are stored under (the instance's id): what a list of one's sessions filters on. */
  agent: string;
  /** The instance's collection prefix (its `AGENT_COLLECTION_PREFIX`, by default `<instance>_`). */
  prefix: string;
  /** `watch(db, sessionId, observer, instance.watch)`: its sessions, `<prefix>sessions`. */
  watch: Required<Pick<WatchOptions, 'sessions'>>;
  /** `watchApprovals(db, target, observer, instance.approvals)`: its inbox, `<prefix>approvals`. */
  approvals: Required<WatchApprovalsOptions>;
}

/** The Firebase CLI's kit instance ids: lower-case letters, digits, `_` and `-`, at most 40. */
const INSTANCE_ID = /^[a-z0-9_](?:[a-z0-9_-]{0,38}[a-z0-9_])?$/;
/** The collection prefixes the kit accepts (`AGENT_COLLECTION_PREFIX`). */
const COLLECTION_PREFIX = /^[A-Za-z0-9_-]*$/;

/**
 * Instance `id` of the agent-kit: `kitInstance('support')`, or with the instance's
 * `AGENT_COLLECTION_PREFIX` when it was set to other than `<instance>_`. Throws a TypeError for an
 * id the CLI would not have made or a prefix the kit would refuse.
 */
export function kitInstance(id: string, options: { collectionPrefix?: string } = {}): KitInstance {
  if (!INSTANCE_ID.test(id)) throw new TypeError(`'${id}' is no kit instance id: use a-z, 0-9, '_' and '-'`);
  const prefix = options.collectionPrefix || `${id}_`;
  if (!COLLECTION_PREFIX.test(prefix))
    throw new TypeError(`'${prefix}' is no collection prefix: use letters, digits, '_' and '-'`);
  return {
    id,
    callable: `kit-${id}-agent`,
    agent: id,
    prefix,
    watch: { sessions: `${prefix}sessions` },
    approvals: { collection: `${prefix}approvals` },
  };
}
