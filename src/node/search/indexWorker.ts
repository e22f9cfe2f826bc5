import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { createSiteWriter } from '../build/emit.js';
import type { DocPageSettings } from '../build/renderSite.js';
import type { DocPageModel } from '../../shared/types.js';
import type { IndexWorkerReply } from './index.js';
import { buildLocalIndexFiles, DONE, HANDLED, type IndexWorkerMessage, type LocalIndexInput, POSTED, unpackDocs } from './indexFiles.js';
import type { RecordDoc } from './records.js';

// Worker thread entry: indexes notes as the main thread renders them, and with `renderPages` renders the note pages
// it is handed (`wiki build` of a large site). Messages come on `docs` in order (IndexWorkerMessage); `signal` counts
// those posted and those handled. It replies on `port`, then sets the done flag, which the main thread waits on.
// Blocking waits keep the indexing one synchronous pass.
const { input, renderPages, signal, docs, port } = workerData as { input: LocalIndexInput; renderPages: boolean; signal: Int32Array; docs: MessagePort; port: MessagePort };
// Loaded only when pages may come: React and the theme take ~20 MB.
const pageModules = renderPages ? await Promise.all([import('../build/renderSite.js'), import('../render/renderPage.js')]) : undefined;
const files = new Map<string, string>();
const writer = input.writeTo === undefined ? undefined : createSiteWriter(input.writeTo);
let renderPage: ((page: DocPageModel) => void) | undefined;

function* receiveDocs(): Generator<RecordDoc> {
  for (let received = 0; ; ) {
    const message = receiveMessageOnPort(docs)?.message as IndexWorkerMessage | undefined;
    if (!message) {
      Atomics.wait(signal, POSTED, received);
      continue;
    }
    received++;
    if ('end' in message) return;
    if ('docs' in message) yield* unpackDocs(message);
    else if ('settings' in message) renderPage = createPageWriter(message.settings);
    else renderPage!(message.page);
    Atomics.add(signal, HANDLED, 1);
  }
}

/** Renders a note's page as the main thread would, and writes its files into the site folder. */
function createPageWriter(settings: DocPageSettings): (page: DocPageModel) => void {
  if (!writer || !pageModules) throw new Error('Pages were handed to an index worker that does not render them.');
  const [{ createDocPageRenderer }, { renderPageParts }] = pageModules;
  const render = createDocPageRenderer(settings, renderPageParts);
  return (page) => render(page).forEach((file) => writer.write(file));
}

/** Writes into the site folder (`wiki build`), or keeps the files to hand back (`wiki dev` serves from memory). */
function write(relPath: string, text: string): void {
  if (writer) writer.write([relPath, text]);
  else files.set(relPath, text);
}

let reply: IndexWorkerReply;
try {
  buildLocalIndexFiles(input, receiveDocs(), write);
  reply = { files };
} catch (error) {
  reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
port.postMessage(reply);
Atomics.store(signal, DONE, 1);
Atomics.notify(signal, DONE);
