import { createRequire } from 'node:module';
/**
 * The environment firebase-tools' functions emulator gives function `name` of project
 * `projectId` when no other emulator runs (`emulators:start --only functions`, against the real
 * project), computed by firebase-tools itself (its `getRuntimeEnvs`), not copied from it. Loads
 * firebase-tools (about a second).
 */
export function functionsEmulatorEnv(projectId, name) {
    const require = createRequire(import.meta.url);
    const { FunctionsEmulator } = require('firebase-tools/lib/emulator/functionsEmulator.js');
    const emulator = new FunctionsEmulator({ projectId, projectDir: process.cwd(), emulatableBackends: [] });
    const backend = { functionsDir: process.cwd(), env: {}, secretEnv: [], codebase: 'default', runtime: 'nodejs22' };
    const trigger = { id: name, name, entryPoint: name, platform: 'gcfv2', region: 'us-central1', httpsTrigger: {} };
    return emulator.getRuntimeEnvs(backend, trigger);
}
//# sourceMappingURL=functions-emulator-env.js.map