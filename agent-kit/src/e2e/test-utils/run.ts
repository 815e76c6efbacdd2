import { execFile } from 'node:child_process';

/** Runs a command to its end without blocking the test's event loop; rejects with what it printed when it fails. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}${stderr}`));
      else resolve(`${stdout}${stderr}`);
    });
  });
}
