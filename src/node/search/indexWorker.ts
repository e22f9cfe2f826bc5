import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { createSiteWriter } from '../pipeline/emit.js';
import type { DocPageSettings } from '../pipeline/renderSite.js';
import type { DocPageModel } from '../../shared/types.js';
import type { IndexWorkerReply } from './index.js';
import { buildLocalIndexFiles, DONE, HANDLED, type IndexWorkerMessage, POSTED } from './indexFiles.js';
import type { RecordNote } from './records.js';

// Worker thread entry: indexes notes as the main thread renders them, and with `renderPages` renders the note pages
// it is handed (`wiki build`). It starts before the site is read: its first message says what to index from.
// Messages come on `docs` in order (IndexWorkerMessage); `signal` counts those posted and those handled. After the
// last note it writes the index, replies on `port`, then sets the done flag, which the main thread waits on.
// Blocking waits keep the indexing one synchronous pass.
const { preloadPages, signal, docs, port } = workerData as { preloadPages: boolean; signal: Int32Array; docs: MessagePort; port: MessagePort };
// Loaded only when pages may come: React and the theme take ~20 MB.
const pageModules = preloadPages ? await Promise.all([import('../pipeline/renderSite.js'), import('../render/renderPage.js')]) : undefined;
let received = 0;
const { input, renderPages } = firstMessage();
const files = new Map<string, string>();
const writer = input.writeTo === undefined ? undefined : createSiteWriter(input.writeTo);
let renderPage: ((page: DocPageModel) => void) | undefined;

function firstMessage(): Extract<IndexWorkerMessage, { start: unknown }>['start'] {
  const message = nextMessage();
  if (!('start' in message)) throw new Error('The search index worker was sent notes before what to index them for.');
  markHandled();
  return message.start;
}

/** The notes to index, up to the last; pages handed meanwhile are rendered as they come. */
function* receiveDocs(): Generator<RecordNote> {
  for (let message = nextMessage(); !('end' in message); message = nextMessage()) {
    if ('docs' in message) yield* message.docs;
    else if ('settings' in message) renderPage = createPageWriter(message.settings);
    else if ('page' in message) renderPage!(message.page);
    else throw new Error('The search index worker was sent what to index from twice.');
    markHandled();
  }
  markHandled();
}

function nextMessage(): IndexWorkerMessage {
  for (;;) {
    const message = receiveMessageOnPort(docs)?.message as IndexWorkerMessage | undefined;
    if (message) {
      received++;
      return message;
    }
    Atomics.wait(signal, POSTED, received);
  }
}

function markHandled(): void {
  Atomics.add(signal, HANDLED, 1);
}

/** Renders a note's page as the main thread would, and writes its files into the site folder. */
function createPageWriter(settings: DocPageSettings): (page: DocPageModel) => void {
  if (!writer || !pageModules || !renderPages) throw new Error('Pages were handed to an index worker that does not render them.');
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
