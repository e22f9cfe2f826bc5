/**
 * A cap on open connections that never turns a new client away. Node's own `server.maxConnections` refuses the
 * newcomer, so idle sockets (~20,000 of them, up to the file descriptor limit) could lock every real visitor out;
 * here the connections idle longest are closed instead, and a connection with a response in progress never is.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Keeps at most `maxConnections` connections open by closing the longest-idle ones when a new one arrives. */
export function limitOpenConnections(server: Server, maxConnections: number): void {
  // Connections with no request in progress, longest idle first (a Set iterates in insertion order).
  const idle = new Set<Socket>();
  // Connections with requests in progress, and how many (pipelining can queue several).
  const busy = new Map<Socket, number>();

  server.on('connection', (socket: Socket) => {
    idle.add(socket);
    socket.once('close', () => {
      idle.delete(socket);
      busy.delete(socket);
    });
    for (const oldest of idle) {
      if (idle.size + busy.size <= maxConnections || oldest === socket) break;
      idle.delete(oldest);
      oldest.destroy();
    }
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    idle.delete(socket);
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) return void busy.set(socket, left);
      busy.delete(socket);
      if (!socket.destroyed) idle.add(socket);
    });
  });
}
