import { renderPageParts } from '../render/renderPage.js';
import { createSiteWriter } from '../siteWriter.js';
import { receiveFromMainThread } from '../workers.js';
import type { RenderWorkerMessage, RenderWorkerReply } from './renderPool.js';
import { createDocPageRenderer } from './renderSite.js';

// Worker thread entry of the render pool (renderPool.ts): renders the note pages it is handed, as the main thread
// would, and writes their files into the staging folder. It loads React and the theme while the site is read; then
// it is told what every page renders with and where to write, and takes pages until the end. Each page it handles is
// counted, so the main thread knows its queue without an event loop. It replies once, when done or failed.
const mainThread = receiveFromMainThread<RenderWorkerMessage>();
const nextMessage = mainThread.next;

let reply: RenderWorkerReply = {};
try {
  const first = nextMessage();
  if (!('start' in first)) throw new Error('The render worker was sent a page before what to render it with.');
  // Each sidebar's renderer, by the number the main thread gave its settings (the first's is 0).
  const renderers = [createDocPageRenderer(first.start.settings, renderPageParts)];
  const { writeTo, prefilled } = first.start;
  const writer = createSiteWriter(writeTo, { prefilled });
  mainThread.handled();
  for (let message = nextMessage(); !('end' in message); message = nextMessage()) {
    if ('start' in message) throw new Error('The render worker was sent its start twice.');
    if ('addShell' in message) {
      renderers[message.addShell.id] = createDocPageRenderer(message.addShell.settings, renderPageParts);
      mainThread.handled();
      continue;
    }
    const { page, source, shell = 0 } = message;
    const render = renderers[shell];
    try {
      if (!render) throw new Error(`The render worker was sent a page of sidebar ${shell} before its settings.`);
      for (const file of render(page)) writer.write(file);
    } catch (error) {
      throw new Error(`Can't render the page of note ${source ?? page.route}`, { cause: error });
    }
    mainThread.handled();
  }
  if (prefilled) reply = { written: [...writer.written] };
} catch (error) {
  const cause =
    error instanceof Error && error.cause instanceof Error
      ? `\n    caused by: ${error.cause.stack ?? error.cause.message}`
      : '';
  reply = { error: error instanceof Error ? `${error.message}${cause}` : String(error) };
}
mainThread.reply(reply);
