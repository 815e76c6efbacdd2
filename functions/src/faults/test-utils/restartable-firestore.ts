import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRESTORE_EMULATOR_JAR, freePort } from '@callable-flows/kit/test-utils/firestore-emulator.js';

/**
 * A Firestore emulator of this test's own, on a fixed port, that can go down and come back on
 * the same port. Google's emulator keeps its data in memory: `crash` exports it first (over
 * the emulator's REST API) and `start` imports that export, so what was committed survives
 * the outage, as it would in Firestore.
 */
export interface RestartableFirestore {
  readonly host: string;
  /** The PID of the running emulator, if one runs. */
  readonly pid: number | undefined;
  /** Starts it (again), with the data of the last export. */
  start(): Promise<void>;
  /** Exports the data of `projectId`, then kills the emulator (SIGKILL) and waits until it is gone. */
  crash(projectId: string): Promise<void>;
  /** Stops it, if it runs, and deletes the exports. */
  dispose(): Promise<void>;
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Firestore emulator not ready:\n${output}`)), 60_000);
    const onData = (data: Buffer): void => {
      output += data.toString();
      if (!output.includes('Dev App Server is now running')) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`Firestore emulator exited with ${code}:\n${output}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(child.pid as number, 'SIGKILL');
  });
}

/** The metadata file of the newest export under `dir`, if any. */
function latestExport(dir: string): string | undefined {
  const files = readdirSync(dir, { recursive: true }) as string[];
  const metadata = files.filter((f) => f.endsWith('.overall_export_metadata')).sort();
  return metadata.length ? join(dir, metadata.at(-1) as string) : undefined;
}

/** A restartable emulator on a free loopback port (not started yet). */
export async function restartableFirestore(): Promise<RestartableFirestore> {
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const exports = mkdtempSync(join(tmpdir(), 'faults-firestore-'));
  let child: ChildProcess | undefined;
  return {
    host,
    get pid() {
      return child?.pid;
    },
    async start() {
      const data = latestExport(exports);
      const args = ['-Duser.language=en', '-cp', FIRESTORE_EMULATOR_JAR];
      args.push('com.google.cloud.datastore.emulator.firestore.CloudFirestore', 'start', '--host=127.0.0.1');
      args.push(`--port=${port}`, ...(data ? [`--import-data=${data}`] : []));
      child = spawn(process.env.JAVA ?? 'java', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      await ready(child);
      child.stdout?.resume();
      child.stderr?.resume();
    },
    async crash(projectId) {
      const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}:export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ database: `projects/${projectId}/databases/(default)`, export_directory: exports }),
      });
      if (!response.ok) throw new Error(`exporting the emulator's data failed: ${response.status}`);
      if (child) await exited(child);
      child = undefined;
    },
    async dispose() {
      if (child) await exited(child);
      child = undefined;
      rmSync(exports, { recursive: true, force: true });
    },
  };
}
