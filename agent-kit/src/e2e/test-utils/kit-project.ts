import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { freePort } from '@callable-flows/kit/test-utils/firestore-emulator.js';
import { run } from './run.js';

const FIREBASE_CLI = join(
  createRequire(import.meta.url).resolve('firebase-tools/package.json'),
  '../lib/bin/firebase.js',
);

/** The repository's root: its node_modules hold the workspaces' packages, agent-kit's build among them. */
const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/** The emulators' ports, as the project's firebase.json gives them. */
export interface EmulatorPorts {
  functions: number;
  auth: number;
  tasks: number;
}

/** A Firebase project folder driven through the Firebase CLI, as its developer would. */
export interface KitProject {
  dir: string;
  projectId: string;
  ports: EmulatorPorts;
  /** Runs `firebase <args>` in the project; resolves to what it printed. */
  firebase(args: string[]): Promise<string>;
  /** The kit's instances in firebase.json, by id, with their config folders. */
  instances(kit: string): Record<string, string>;
  /**
   * Adds kit `kit` with `instances` to firebase.json as `functions:kits:install` writes it, its
   * source a folder that exports `@callable-flows/agent-kit` as the CLI's template does, from this
   * repository's build (its node_modules linked): the emulator serves each instance as the
   * installed kit's (`kit-<instance>-<function>`, its own config folder and
   * FIREBASE_KIT_INSTANCE_ID) without the registry and npm install of the CLI's install.
   */
  serveBuiltKit(kit: string, instances: readonly string[]): void;
  /** Writes an instance's param values where the CLI keeps them (`config-<instance>/.env.<project>`). */
  writeParams(kit: string, instanceId: string, values: Record<string, string>): void;
  /**
   * Writes the kit's secrets for the emulator (`source/.secret.local`: no Secret Manager is
   * asked): one file for every instance, each secret under its instance's name (instance-secret.ts).
   */
  writeLocalSecrets(kit: string, values: Record<string, string>): void;
  /** Starts the functions, auth and Cloud Tasks emulators (every instance cold); resolves when ready. */
  startEmulators(env: Record<string, string>): Promise<void>;
  /** Stops them by the PID (process group) we started. */
  stopEmulators(): Promise<void>;
  /** What the emulators printed since they started. */
  emulatorOutput(): string;
}

/** Options of {@link makeKitProject}. */
export interface KitProjectOptions {
  dir: string;
  projectId: string;
  /** The environment of every CLI run: the registry, the offline token, the API stand-in. */
  cliEnv: Record<string, string>;
}

function dotenv(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join('\n');
}

function waitForReady(child: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulators not ready:\n${log()}`)), 180_000);
    const check = () => {
      if (!log().includes('All emulators ready')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulators exited with ${code}:\n${log()}`));
    });
  });
}

/** The emulators of a project's firebase.json, as `firebase init emulators` writes them: each on loopback, no UI. */
async function emulatorsConfig(): Promise<{ ports: EmulatorPorts; emulators: Record<string, unknown> }> {
  const ports = { functions: await freePort(), auth: await freePort(), tasks: await freePort() };
  const [hub, logging] = [await freePort(), await freePort()];
  const at = (port: number) => ({ host: '127.0.0.1', port });
  const emulators = {
    singleProjectMode: true,
    functions: at(ports.functions),
    auth: at(ports.auth),
    tasks: at(ports.tasks),
    hub: at(hub),
    logging: at(logging),
    ui: { enabled: false },
  };
  return { ports, emulators };
}

type KitEntry = { kit?: string; source: string; instances: Record<string, string> };

/** The kit `kit`'s entry of the project's firebase.json, as the CLI wrote it. */
function kitEntry(dir: string, kit: string): KitEntry {
  const { functions } = JSON.parse(readFileSync(join(dir, 'firebase.json'), 'utf8')) as { functions?: unknown };
  const all = (Array.isArray(functions) ? functions : [functions]) as (KitEntry | undefined)[];
  const found = all.find((entry) => entry?.kit === kit);
  if (!found) throw new Error(`no kit ${kit} in firebase.json`);
  return found;
}

/** `firebase emulators:start` in `dir`, in a process group of its own (it forks the function runtimes). */
function emulatorsProcess(
  dir: string,
  projectId: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; log: () => string } {
  let log = '';
  const args = [FIREBASE_CLI, 'emulators:start', '--only', 'functions,auth,tasks', '--project', projectId];
  const child = spawn(process.execPath, args, { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  const append = (data: Buffer) => {
    log += data.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return { child, log: () => log };
}

/** Stops the emulators by the PID (process group) we started. */
function stopProcessGroup(started: ChildProcess | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!started?.pid || started.exitCode !== null || started.signalCode !== null) return resolve();
    const pid = started.pid;
    started.once('exit', () => resolve());
    process.kill(-pid, 'SIGTERM');
    setTimeout(() => {
      if (started.exitCode === null && started.signalCode === null) process.kill(-pid, 'SIGKILL');
    }, 10_000).unref();
  });
}

/** The source folder of the CLI's install template, on this repository's build of the kit. */
function writeBuiltKitSource(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const pkg = { name: 'functions', type: 'module', main: 'index.js', engines: { node: '22' }, private: true };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(join(dir, 'index.js'), "export * from '@callable-flows/agent-kit';\n");
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

/** Adds kit `kit` and its instances to the project's firebase.json, as the CLI's install writes them. */
function addBuiltKit(dir: string, kit: string, instances: readonly string[]): void {
  const file = join(dir, 'firebase.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const folder = `function-kits/${kit}`;
  writeBuiltKitSource(join(dir, folder, 'source'));
  const configs = Object.fromEntries(instances.map((id) => [id, `${folder}/config-${id}`]));
  for (const folderOfInstance of Object.values(configs)) mkdirSync(join(dir, folderOfInstance), { recursive: true });
  config.functions = [{ kit, source: `${folder}/source`, instances: configs }];
  writeFileSync(file, JSON.stringify(config, null, 2));
}

/** A project folder with a firebase.json as `firebase init emulators` writes it, driven through the CLI. */
export async function makeKitProject(options: KitProjectOptions): Promise<KitProject> {
  const { dir, projectId } = options;
  const { ports, emulators } = await emulatorsConfig();
  writeFileSync(join(dir, 'firebase.json'), JSON.stringify({ emulators }, null, 2));
  const env = { ...process.env, ...options.cliEnv };
  let running: { child: ChildProcess; log: () => string } | undefined;
  return {
    dir,
    projectId,
    ports,
    firebase: (args) => run(process.execPath, [FIREBASE_CLI, ...args, '--project', projectId], dir, env),
    instances: (kit) => kitEntry(dir, kit).instances,
    serveBuiltKit: (kit, instances) => addBuiltKit(dir, kit, instances),
    writeParams(kit, instanceId, values) {
      const folder = kitEntry(dir, kit).instances[instanceId];
      writeFileSync(join(dir, folder as string, `.env.${projectId}`), `${dotenv(values)}\n`);
    },
    writeLocalSecrets(kit, values) {
      writeFileSync(join(dir, kitEntry(dir, kit).source, '.secret.local'), `${dotenv(values)}\n`);
    },
    async startEmulators(extra) {
      running = emulatorsProcess(dir, projectId, { ...env, ...extra });
      await waitForReady(running.child, running.log);
    },
    async stopEmulators() {
      const started = running?.child;
      running = undefined;
      await stopProcessGroup(started);
    },
    emulatorOutput: () => running?.log() ?? '',
  };
}
