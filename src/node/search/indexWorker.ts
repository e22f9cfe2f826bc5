import { type MessagePort, workerData } from 'node:worker_threads';
import type { IndexWorkerReply } from './index.js';
import { buildLocalIndexFiles, type LocalIndexInput } from './indexFiles.js';

// Worker thread entry: builds the embedded index beside the main thread's rendering, replies on its port, then
// flips the shared flag the main thread waits on.
const { input, done, port } = workerData as { input: LocalIndexInput; done: Int32Array; port: MessagePort };
let reply: IndexWorkerReply;
try {
  reply = { files: buildLocalIndexFiles(input) };
} catch (error) {
  reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
port.postMessage(reply);
Atomics.store(done, 0, 1);
Atomics.notify(done, 0);
