import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { createSiteWriter } from '../siteWriter.js';
import { HANDLED, POSTED, type RenderWorkerMessage } from './renderPool.js';

// Worker thread entry of the render pool (renderPool.ts): renders the note pages it is handed, as the main thread
// would, and writes their files into the staging folder. It loads React and the theme while the site is read; then
// it is told what every page renders with and where to write, and takes pages until the end. `signal` counts the
// pages handled, so the main thread knows its queue without an event loop. It replies once, when done or failed.
const { signal, pages, port } = workerData as { signal: Int32Array; pages: MessagePort; port: MessagePort };
const [{ createDocPageRenderer }, { renderPageParts }] = await Promise.all([
  import('./renderSite.js'),
  import('../render/renderPage.js'),
]);

let received = 0;
function nextMessage(): RenderWorkerMessage {
  for (;;) {
    const message = receiveMessageOnPort(pages)?.message as RenderWorkerMessage | undefined;
    if (message) {
      received++;
      return message;
    }
    Atomics.wait(signal, POSTED, received);
  }
}

let reply: { error?: string } = {};
try {
  const first = nextMessage();
  if (!('start' in first)) throw new Error('The render worker was sent a page before what to render it with.');
  const render = createDocPageRenderer(first.start.settings, renderPageParts);
  const writer = createSiteWriter(first.start.writeTo);
  Atomics.add(signal, HANDLED, 1);
  for (let message = nextMessage(); !('end' in message); message = nextMessage()) {
    if (!('page' in message)) throw new Error('The render worker was sent its settings twice.');
    const { page, source } = message;
    try {
      for (const file of render(page)) writer.write(file);
    } catch (error) {
      throw new Error(`Can't render the page of note ${source ?? page.route}`, { cause: error });
    }
    Atomics.add(signal, HANDLED, 1);
  }
} catch (error) {
  const cause =
    error instanceof Error && error.cause instanceof Error
      ? `\n    caused by: ${error.cause.stack ?? error.cause.message}`
      : '';
  reply = { error: error instanceof Error ? `${error.message}${cause}` : String(error) };
}
port.postMessage(reply);
