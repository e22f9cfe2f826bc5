/** Starts the engine's worker threads the same way whether the engine runs bundled (the CLI) or from sources (tests). */
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
  type WorkerOptions,
  workerData,
} from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { enginePath } from './engineRoot.js';

/** Every worker entry: its bundle name (bin/engine.mjs bundles each as `<name>.cjs`) -> its source file. */
export const workerEntries = {
  indexWorker: 'src/node/search/indexWorker.ts',
  renderWorker: 'src/node/pipeline/renderWorker.ts',
} as const;

export type WorkerName = keyof typeof workerEntries;

/**
 * The build's workers allocate in short bursts (a batch of notes, a page): a small young generation keeps each
 * isolate's memory down at the cost of a few more minor collections (bench/README.md).
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** A new worker running `name`: its file beside the bundled CLI, or the TypeScript source through tsx. */
function startWorker(name: WorkerName, options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.cjs`, import.meta.url), options);
  // On Node 20 a worker cannot start from a .ts file even with tsx's --import: a one-line bootstrap loads it.
  const source = pathToFileURL(enginePath(workerEntries[name])).href;
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** Shared counters of a worker channel: the messages the main thread posted, and those the worker has handled. */
const POSTED = 0;
const HANDLED = 1;

/** What a worker started by openWorkerChannel receives as its workerData. */
interface ChannelData {
  readonly signal: Int32Array;
  readonly inbox: MessagePort;
  readonly port: MessagePort;
}

/** The main thread's end of a worker that takes messages in order and replies once (its result, or `{ error }`). */
export interface WorkerChannel<Message, Reply extends { readonly error?: string }> {
  post(message: Message): void;
  /** Messages posted and not yet handled by the worker. */
  queued(): number;
  /** The worker's one reply; an error (or an exit without reply) becomes `{ error }`. */
  readonly reply: Promise<Reply>;
  stop(): Promise<void>;
}

/**
 * Starts worker `name` with an inbox the worker reads synchronously (its work is one synchronous pass: it waits for the
 * next message on a shared counter, not on an event loop) and a port it replies on once.
 */
export function openWorkerChannel<Message, Reply extends { readonly error?: string }>(
  name: WorkerName,
): WorkerChannel<Message, Reply> {
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const inbox = new MessageChannel();
  const replies = new MessageChannel();
  const data: ChannelData = { signal, inbox: inbox.port2, port: replies.port2 };
  const worker = startWorker(name, {
    workerData: data,
    transferList: [inbox.port2, replies.port2],
    resourceLimits: WORKER_LIMITS,
  });
  worker.unref();
  const reply = new Promise<Reply>((resolve) => {
    replies.port1.once('message', (message: Reply) => resolve(message));
    worker.once('error', (error) => resolve({ error: error.stack ?? error.message } as Reply));
    // The worker exits right after replying: its reply may still be queued on the port when 'exit' comes.
    worker.once('exit', (code) =>
      resolve(
        (receiveMessageOnPort(replies.port1)?.message as Reply | undefined) ??
          ({ error: `its worker thread stopped (exit code ${code})` } as Reply),
      ),
    );
  });
  return {
    post(message) {
      inbox.port1.postMessage(message);
      Atomics.add(signal, POSTED, 1);
      Atomics.notify(signal, POSTED);
    },
    queued: () => Atomics.load(signal, POSTED) - Atomics.load(signal, HANDLED),
    reply,
    async stop() {
      replies.port1.close();
      await worker.terminate();
    },
  };
}

/** The worker's end of openWorkerChannel (call it in the worker thread). */
export function receiveFromMainThread<Message>(): { next(): Message; handled(): void; reply(message: unknown): void } {
  const { signal, inbox, port } = workerData as ChannelData;
  let received = 0;
  return {
    next() {
      for (;;) {
        const message = receiveMessageOnPort(inbox)?.message as Message | undefined;
        if (message) {
          received++;
          return message;
        }
        Atomics.wait(signal, POSTED, received);
      }
    },
    handled: () => void Atomics.add(signal, HANDLED, 1),
    reply: (message) => port.postMessage(message),
  };
}
