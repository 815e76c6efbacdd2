import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// The command as a user runs it (`npx callable-flows-firestore`): the package's bin, on its built dist.
const BIN = fileURLToPath(new URL('../../bin/callable-flows-firestore.js', import.meta.url));
const run = promisify(execFile);

async function command(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('callable-flows-firestore', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("merges two instances' rules and indexes beside each other with --prefix", async () => {
    dir = mkdtempSync(join(tmpdir(), 'cf-command-'));
    writeFileSync(join(dir, 'firebase.json'), '{}');
    const support = await command(dir, '--prefix', 'support_');
    expect(support).toMatchObject({ code: 0, stderr: '' });
    expect(support.stdout).toContain("merged the rules of the 'support_' collections");
    expect((await command(dir, '--prefix', 'ops_')).code).toBe(0);
    const rules = readFileSync(join(dir, 'firestore.rules'), 'utf8');
    expect(rules).toContain('match /support_approvals/{approvalId} {');
    expect(rules).toContain('match /ops_approvals/{approvalId} {');
    expect(rules).not.toContain('match /approvals/{approvalId} {');
    const groups = (
      JSON.parse(readFileSync(join(dir, 'firestore.indexes.json'), 'utf8')) as {
        indexes: { collectionGroup: string }[];
      }
    ).indexes.map((i) => i.collectionGroup);
    expect(new Set(groups)).toEqual(
      new Set(['support_sessions', 'support_approvals', 'ops_sessions', 'ops_approvals']),
    );
    expect(JSON.parse(readFileSync(join(dir, 'firebase.json'), 'utf8'))).toEqual({
      firestore: { rules: 'firestore.rules', indexes: 'firestore.indexes.json' },
    });
  });

  it('refuses a prefix no collection id can start with, writing nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'cf-command-'));
    writeFileSync(join(dir, 'firebase.json'), '{}');
    const refused = await command(dir, '--prefix', 'a/b');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("'a/b' is no collection prefix");
    expect(existsSync(join(dir, 'firestore.rules'))).toBe(false);
    expect((await command(dir, '--prefix')).code).toBe(2);
  });
});
