import { setTimeout as sleep } from 'node:timers/promises';

/** Polls until `check` holds; fails after `timeoutMs` saying what was awaited. */
export async function waitFor(
  what: string,
  check: () => boolean,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const { timeoutMs = 10_000, intervalMs = 20 } = options;
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}
