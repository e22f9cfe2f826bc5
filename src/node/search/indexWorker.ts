import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { createSiteWriter } from '../build/emit.js';
import type { IndexWorkerReply } from './index.js';
import { buildLocalIndexFiles, type DocBatch, type LocalIndexInput, unpackDocs } from './indexFiles.js';
import type { RecordDoc } from './records.js';

// Worker thread entry: indexes notes as the main thread renders them (batches on `docs`; `signal[1]` counts the
// messages posted there, the last one `{ end: true }`), replies on `port`, then sets `signal[0]`, which the main
// thread waits on. Blocking waits keep the indexing one synchronous pass.
const { input, signal, docs, port } = workerData as { input: LocalIndexInput; signal: Int32Array; docs: MessagePort; port: MessagePort };

function* receiveDocs(): Generator<RecordDoc> {
  for (let received = 0; ; ) {
    const message = receiveMessageOnPort(docs)?.message as DocBatch | { end: true } | undefined;
    if (!message) {
      Atomics.wait(signal, 1, received);
      continue;
    }
    received++;
    if ('end' in message) return;
    yield* unpackDocs(message);
  }
}

/** Writes into the site folder (`wiki build`), or keeps the files to hand back (`wiki dev` serves from memory). */
function createSink(files: Map<string, string>): (relPath: string, text: string) => void {
  if (input.writeTo === undefined) return (relPath, text) => files.set(relPath, text);
  const writer = createSiteWriter(input.writeTo);
  return (relPath, text) => writer.write([relPath, text]);
}

let reply: IndexWorkerReply;
try {
  const files = new Map<string, string>();
  buildLocalIndexFiles(input, receiveDocs(), createSink(files));
  reply = { files };
} catch (error) {
  reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
port.postMessage(reply);
Atomics.store(signal, 0, 1);
Atomics.notify(signal, 0);
