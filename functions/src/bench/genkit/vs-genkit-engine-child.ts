import { runEngineOnce } from '../engine-run.js';
import { workloads } from '../engine-workloads.js';
import { loadGenkit } from './load-genkit.js';

/** How Genkit runs in this process: as `genkit({})` leaves it, or with its OpenTelemetry set-up disabled. */
export type GenkitTelemetry = 'defaults' | 'telemetry-off';

/**
 * One interleaved run of the engine workloads on the kit (async and sync tools), Genkit and the
 * floor, in a fresh process: Genkit's telemetry set-up is process-wide (it registers the global
 * OpenTelemetry provider), so each mode gets its own process. Prints the run as JSON.
 * Usage: `node --expose-gc lib/bench/genkit/vs-genkit-engine-child.js defaults|telemetry-off`.
 */
async function main(): Promise<void> {
  const mode = process.argv[2] as GenkitTelemetry;
  if (mode !== 'defaults' && mode !== 'telemetry-off') throw new Error(`mode must be defaults or telemetry-off`);
  const install = loadGenkit();
  if (mode === 'telemetry-off') {
    const tracing = install.require('genkit/tracing') as { disableGenkitOTelInitialization(): void };
    tracing.disableGenkitOTelInitialization();
  }
  const run = await runEngineOnce(workloads(install), ['kit-async', 'genkit', 'kit', 'floor']);
  process.stdout.write(JSON.stringify({ version: install.version, run }));
}

await main();
