import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { repoRoot } from './cli.js';

/** A running `wiki dev` child process. */
export interface DevProcess {
  readonly url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the output contains the text (or rejects after timeoutMs). */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the real CLI's `wiki dev` in `siteDir` on a free port and waits until it serves. */
export function startDevProcess(siteDir: string, extraArgs: readonly string[] = []): Promise<DevProcess> {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    [path.join(repoRoot, 'bin/wiki.mjs'), 'dev', '--port', '0', ...extraArgs],
    { cwd: siteDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitForOutput = (text: string | RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const matches = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
      if (matches()) return resolve();
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`wiki dev did not print ${String(text)} within ${timeoutMs} ms. Output:\n${output}`));
      }, timeoutMs);
      const check = () => {
        if (!matches()) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      void exited.then(() => check());
    });
  return waitForOutput(/http:\/\/localhost:\d+\//).then(() => ({
    url: /http:\/\/localhost:(\d+)\//.exec(output)![0].replace('localhost', '127.0.0.1'),
    output: () => output,
    waitForOutput,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  }));
}

/** Copies a fixture's docs into a temp site with a plain config (no imports, so it works from any folder). */
export function copyFixtureSite(fixtureDocs: string, siteDir: string, title: string): void {
  fs.cpSync(fixtureDocs, path.join(siteDir, 'docs'), { recursive: true });
  fs.writeFileSync(
    path.join(siteDir, 'wiki.config.ts'),
    `export default { title: ${JSON.stringify(title)}, url: 'https://fixture.example.com' };\n`,
  );
}
