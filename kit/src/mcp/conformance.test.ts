import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The MCP conformance suite's client scenarios, each run by the suite's own CLI against the
// kit's client (test-utils/conformance-client.ts, the kit's sources run by Node's type
// stripping). The suite starts its servers on loopback: nothing here needs a network. The CLI
// checks each outcome against the baseline: a failure not listed, or a listed scenario that
// passes, is an exit code other than 0.

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const kit = join(here, '..', '..');
const cli = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')),
  'dist',
  'index.js',
);
const client = [
  process.execPath,
  '--experimental-strip-types',
  '--no-warnings',
  '--import',
  join(here, 'test-utils', 'ts-hooks.mjs'),
  join(here, 'test-utils', 'conformance-client.ts'),
]
  .map((part) => JSON.stringify(part))
  .join(' ');
const baseline = join(here, 'conformance-baseline.yml');

/** The client scenarios the installed suite has, by name. */
async function clientScenarios(): Promise<string[]> {
  const { stdout } = await run(process.execPath, [cli, 'list', '--client'], { cwd: kit });
  return [...stdout.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1] as string);
}

/** The scenario's outcome against the baseline: undefined when as expected, else what the CLI said. */
async function outcome(scenario: string, out: string): Promise<string | undefined> {
  const args = [cli, 'client', '--command', client, '--scenario', scenario, '--expected-failures', baseline];
  try {
    await run(process.execPath, [...args, '--timeout', '30000', '-o', out], { cwd: kit, timeout: 90_000 });
    return undefined;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${scenario}: ${`${stdout}\n${stderr}`.trim().split('\n').slice(-8).join('\n')}`;
  }
}

describe('mcpTools against the MCP conformance suite', () => {
  it('passes every client scenario except those the baseline lists, and fails each listed one', async () => {
    const scenarios = await clientScenarios();
    expect(scenarios).toEqual(expect.arrayContaining(['initialize', 'tools_call']));
    const out = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
    const unexpected: string[] = [];
    try {
      // Two at a time: each scenario starts a server and a Node process of the client.
      const queue = [...scenarios];
      const worker = async () => {
        for (let scenario = queue.shift(); scenario; scenario = queue.shift()) {
          const said = await outcome(scenario, join(out, String(scenarios.indexOf(scenario))));
          if (said) unexpected.push(said);
        }
      };
      await Promise.all([worker(), worker()]);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
    expect(unexpected).toEqual([]);
  }, 1_800_000);
});
