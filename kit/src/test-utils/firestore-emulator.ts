import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where Debian's google-cloud-cli-firestore-emulator package puts the emulator. */
export const FIRESTORE_EMULATOR_JAR =
  process.env.FIRESTORE_EMULATOR_JAR ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

/** A running Firestore emulator this process started. */
export interface FirestoreEmulator {
  host: string;
  pid: number;
  /** Stops it by its PID and waits for it to exit. */
  stop(): Promise<void>;
}

/** The lowest port the kernel hands out for outgoing connections (Linux; 32768 elsewhere). */
function ephemeralFloor(): number {
  try {
    const floor = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(floor) && floor > 1024 ? floor : 32_768;
  } catch {
    return 32_768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free loopback port for a server a test starts, below the kernel's ephemeral range: a port
 * `listen(0)` hands out is one any outgoing connection on the machine may take next, so on a
 * loaded machine an emulator told to use it could find it taken ("port taken") before it binds.
 */
export async function freePort(): Promise<number> {
  const floor = ephemeralFloor();
  const low = Math.min(20_000, floor - 1_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (floor - low));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port found between ${low} and ${floor}`);
}

function waitForReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`Firestore emulator not ready after ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (data: Buffer): void => {
      output += data.toString();
      if (output.includes('Dev App Server is now running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Firestore emulator exited with ${code}:\n${output}`));
    });
  });
}

/** True when the emulator jar and a Java runtime are here. */
export function canStartFirestoreEmulator(): boolean {
  return existsSync(FIRESTORE_EMULATOR_JAR);
}

/**
 * Starts Google's Firestore emulator (the jar, run by java directly so that the PID we hold is
 * the emulator's) on `port` or a free loopback port, and waits until it serves.
 */
export async function startFirestoreEmulator(port?: number): Promise<FirestoreEmulator> {
  const chosen = port ?? (await freePort());
  const child = spawn(
    process.env.JAVA ?? 'java',
    [
      '-Duser.language=en',
      '-cp',
      FIRESTORE_EMULATOR_JAR,
      'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
      'start',
      '--host=127.0.0.1',
      `--port=${chosen}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitForReady(child, 60_000);
  child.stdout?.resume();
  child.stderr?.resume();
  const pid = child.pid as number;
  return {
    host: `127.0.0.1:${chosen}`,
    pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(pid, 'SIGTERM');
        setTimeout(
          () => child.exitCode === null && child.signalCode === null && process.kill(pid, 'SIGKILL'),
          5000,
        ).unref();
      }),
  };
}

/** Deletes every document of `projectId` in the emulator at `host`. */
export async function clearFirestoreEmulator(host: string, projectId: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  if (!response.ok) throw new Error(`clearing the Firestore emulator failed: ${response.status}`);
}
