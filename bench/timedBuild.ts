/** One `wiki build` in a child process under /usr/bin/time: the kernel's accounting of its wall time, CPU and peak RSS. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface TimedBuild {
  readonly ok: boolean;
  readonly status: number | null;
  readonly seconds: number;
  /** Wall time as this process saw it (spawn to exit, /usr/bin/time's own start included): to the millisecond. */
  readonly wallMs: number;
  readonly userSeconds: number;
  readonly systemSeconds: number;
  readonly maxRssKb: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `<engine>/bin/wiki.mjs build ...args` with `cwd`; `engine` defaults to this checkout. */
export function runTimedBuild(args: readonly string[], options: { cwd: string; engine?: string }): TimedBuild {
  const cli = path.join(options.engine ?? path.resolve(import.meta.dirname, '..'), 'bin/wiki.mjs');
  const started = performance.now();
  const child = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M %U %S', process.execPath, cli, 'build', ...args], {
    cwd: options.cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const timeLine = child.stderr.split('\n').find((line) => line.startsWith('TIME ')) ?? 'TIME 0 0 0 0';
  const [, seconds, maxRssKb, userSeconds, systemSeconds] = timeLine.split(' ').map(Number);
  return {
    ok: child.status === 0,
    status: child.status,
    seconds: seconds!,
    wallMs,
    userSeconds: userSeconds!,
    systemSeconds: systemSeconds!,
    maxRssKb: maxRssKb!,
    stdout: child.stdout,
    stderr: child.stderr
      .split('\n')
      .filter((line) => !line.startsWith('TIME '))
      .join('\n'),
  };
}
