import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort } from '@callable-flows/kit/test-utils/firestore-emulator.js';
import { run } from './run.js';

/** A verdaccio registry on loopback that this process started, its storage in a temp dir. */
export interface LoopbackRegistry {
  url: string;
  /** An npm user config that publishes to it with a token of its own user. */
  userconfig: string;
  /** Publishes the tarball `file` (`npm publish`, as a package author would). */
  publish(file: string): Promise<void>;
  /** Stops it by the PID we started. */
  stop(): Promise<void>;
}

const VERDACCIO_BIN = join(createRequire(import.meta.url).resolve('verdaccio/package.json'), '../bin/verdaccio');

function config(dir: string, port: number): string {
  // Our scope is served from the storage alone (never asked of npmjs: a package of that name
  // there must not shadow ours); everything else is proxied, as a company's registry would.
  return `storage: ${join(dir, 'storage')}
auth:
  htpasswd:
    file: ${join(dir, 'htpasswd')}
uplinks:
  npmjs:
    url: https://registry.npmjs.org/
packages:
  '@callable-flows/*':
    access: $all
    publish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    proxy: npmjs
listen: 127.0.0.1:${port}
log: { type: stdout, format: pretty, level: warn }
`;
}

async function waitForPing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited with ${child.exitCode}:\n${log()}`);
    const ok = await fetch(`${url}-/ping`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`verdaccio did not answer at ${url}:\n${log()}`);
}

/** A user of the registry and its token: verdaccio's htpasswd sign-up, as `npm adduser` does it. */
async function addUser(url: string): Promise<string> {
  const response = await fetch(`${url}-/user/org.couchdb.user:publisher`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'publisher', password: 'publisher-password' }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`verdaccio refused the user: ${JSON.stringify(body)}`);
  return body.token;
}

/** Starts verdaccio on a free loopback port with its storage and config in `dir`. */
export async function startLoopbackRegistry(dir: string): Promise<LoopbackRegistry> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  writeFileSync(join(dir, 'config.yaml'), config(dir, port));
  let output = '';
  const child = spawn(process.execPath, [VERDACCIO_BIN, '--config', join(dir, 'config.yaml')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (data: Buffer) => {
    output += data.toString();
  });
  child.stderr?.on('data', (data: Buffer) => {
    output += data.toString();
  });
  await waitForPing(url, child, () => output);
  const userconfig = join(dir, 'npmrc');
  writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${await addUser(url)}\n`);
  return {
    url,
    userconfig,
    async publish(file) {
      await run('npm', ['publish', file, '--registry', url], dir, {
        ...process.env,
        NPM_CONFIG_USERCONFIG: userconfig,
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
