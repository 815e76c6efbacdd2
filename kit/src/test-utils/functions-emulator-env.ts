import { createRequire } from 'node:module';

interface FunctionsEmulatorModule {
  FunctionsEmulator: new (args: {
    projectId: string;
    projectDir: string;
    emulatableBackends: unknown[];
  }) => { getRuntimeEnvs(backend: unknown, trigger: unknown): Record<string, string> };
}

/**
 * The environment firebase-tools' functions emulator gives function `name` of project
 * `projectId` when no other emulator runs (`emulators:start --only functions`, against the real
 * project), computed by firebase-tools itself (its `getRuntimeEnvs`), not copied from it. Loads
 * firebase-tools (about a second).
 */
export function functionsEmulatorEnv(projectId: string, name: string): Record<string, string> {
  const require = createRequire(import.meta.url);
  const { FunctionsEmulator } = require('firebase-tools/lib/emulator/functionsEmulator.js') as FunctionsEmulatorModule;
  const emulator = new FunctionsEmulator({ projectId, projectDir: process.cwd(), emulatableBackends: [] });
  const backend = { functionsDir: process.cwd(), env: {}, secretEnv: [], codebase: 'default', runtime: 'nodejs22' };
  const trigger = { id: name, name, entryPoint: name, platform: 'gcfv2', region: 'us-central1', httpsTrigger: {} };
  return emulator.getRuntimeEnvs(backend, trigger);
}
