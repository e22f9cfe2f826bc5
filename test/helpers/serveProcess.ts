import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './cli.js';

/** A running `wiki serve` child process. */
export interface ServeProcess {
  /** The address it printed, base URL included, on 127.0.0.1 ("http://127.0.0.1:PORT/wiki/"). */
  readonly url: string;
  /** The server's origin ("http://127.0.0.1:PORT"). */
  readonly origin: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the real CLI's `wiki serve` (on a free port) with these arguments and waits until it serves. */
export function startServeProcess(args: readonly string[], cwd = repoRoot): Promise<ServeProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/wiki.mjs'), 'serve', '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`wiki serve did not start within 30 s. Output:\n${output}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = / at (http:\/\/localhost:\d+)(\/\S*)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const origin = match[1]!.replace('localhost', '127.0.0.1');
      resolve({
        url: `${origin}${match[2]}`,
        origin,
        output: () => output,
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`wiki serve exited. Output:\n${output}`)));
  });
}
