import { parseArgs } from 'node:util';
import { KitError } from '@callable-flows/kit/errors/index.js';

/** What the metrics command was asked. */
export interface MetricsArgs {
  project: string;
  collection: string;
  /** Epoch ms, or undefined for every stored trace. */
  since: number | undefined;
  flow: string | undefined;
  json: boolean;
}

/** The usage line of the metrics command. */
export const METRICS_USAGE =
  'usage: npm run metrics -- [--project ID] [--since 7d|24h|90m] [--flow NAME] [--collection traces] [--json]';

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `7d`, `24h` or `90m` as milliseconds; `invalid-argument` otherwise. */
export function parseDuration(text: string): number {
  const match = /^(\d+)([mhd])$/.exec(text);
  if (!match) throw new KitError('invalid-argument', `--since takes a duration like 7d, 24h or 90m, not '${text}'`);
  return Number(match[1]) * (UNITS[match[2] as string] as number);
}

/**
 * The command line of the metrics command. The project comes from `--project`, else
 * GCLOUD_PROJECT / GOOGLE_CLOUD_PROJECT, else the local stack's `demo-callable-flows`.
 */
export function parseMetricsArgs(argv: readonly string[], env = process.env, now = Date.now()): MetricsArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      project: { type: 'string' },
      since: { type: 'string' },
      flow: { type: 'string' },
      collection: { type: 'string', default: 'traces' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  return {
    project: values.project ?? env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT ?? 'demo-callable-flows',
    collection: values.collection as string,
    since: values.since === undefined ? undefined : now - parseDuration(values.since),
    flow: values.flow,
    json: values.json === true,
  };
}
