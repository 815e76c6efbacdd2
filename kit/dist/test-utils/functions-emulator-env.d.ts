/**
 * The environment firebase-tools' functions emulator gives function `name` of project
 * `projectId` when no other emulator runs (`emulators:start --only functions`, against the real
 * project), computed by firebase-tools itself (its `getRuntimeEnvs`), not copied from it. Loads
 * firebase-tools (about a second).
 */
export declare function functionsEmulatorEnv(projectId: string, name: string): Record<string, string>;
