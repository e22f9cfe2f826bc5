import type { DevMessage } from '../../src/shared/devProtocol.js';

/** The dev server's event stream, read with fetch: messages handed out in order. */
export interface DevEvents {
  next(): Promise<DevMessage>;
  close(): void;
}

/** How long a test waits for `wiki dev`'s next event: an update takes well under a second. */
const NEXT_EVENT_MS = 30_000;

/** Reads `wiki dev`'s event stream (Server-Sent Events) at `url` (the server's root URL). */
export function readDevEvents(url: string): DevEvents {
  const controller = new AbortController();
  const queue: DevMessage[] = [];
  const waiting: Array<(message: DevMessage) => void> = [];
  const deliver = (message: DevMessage) => {
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else queue.push(message);
  };
  void (async () => {
    const response = await fetch(`${url}__wiki/dev/events`, { signal: controller.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data) deliver(JSON.parse(data.slice(6)) as DevMessage);
      }
    }
  })().catch(() => undefined);
  return {
    // Bounded: a message that never comes fails the test with this message, instead of hanging the run.
    next: () =>
      queue.length > 0
        ? Promise.resolve(queue.shift()!)
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(take), 1);
              reject(new Error(`wiki dev sent no event within ${NEXT_EVENT_MS / 1000} s`));
            }, NEXT_EVENT_MS);
            const take = (message: DevMessage) => {
              clearTimeout(timer);
              resolve(message);
            };
            waiting.push(take);
          }),
    close: () => controller.abort(),
  };
}

export type DevUpdate = Extract<DevMessage, { type: 'update' }>;

/** The stream's next message, which must be an update. */
export async function nextDevUpdate(events: DevEvents): Promise<DevUpdate> {
  const message = await events.next();
  if (message.type !== 'update') throw new Error(`Expected an update from wiki dev, got ${JSON.stringify(message)}`);
  return message;
}

/** A route of the dev server (`/a/b`): its status and text. */
export async function fetchDevRoute(url: string, route: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}${route.slice(1)}`);
  return { status: response.status, text: await response.text() };
}
