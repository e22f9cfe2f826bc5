/** The dev server's event stream (Server-Sent Events): every open tab hears about each rebuild. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { devEventsPath, type DevMessage } from '../../shared/devProtocol.js';

export interface LiveEvents {
  /** Answers requests for the event stream; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  broadcast(message: DevMessage): void;
  readonly clientCount: number;
  close(): void;
}

// A comment line now and then keeps idle connections (and the server's socket timeout) from closing the stream.
const heartbeatMs = 15_000;

/** `hello` is what a tab receives on (re)connecting: the current build version and problems. */
export function createLiveEvents(hello: () => DevMessage): LiveEvents {
  const clients = new Set<ServerResponse>();
  const heartbeat = setInterval(() => {
    for (const client of clients) client.write(': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();
  const send = (client: ServerResponse, message: DevMessage) => client.write(`data: ${JSON.stringify(message)}\n\n`);
  return {
    handle(req, res) {
      if ((req.url ?? '').split('?')[0] !== devEventsPath) return false;
      req.socket.setTimeout(0);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
      });
      if (req.method === 'HEAD') {
        res.end();
        return true;
      }
      res.write('retry: 1000\n\n');
      send(res, hello());
      clients.add(res);
      res.once('close', () => clients.delete(res));
      return true;
    },
    broadcast(message) {
      for (const client of clients) send(client, message);
    },
    get clientCount() {
      return clients.size;
    },
    close() {
      clearInterval(heartbeat);
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}
