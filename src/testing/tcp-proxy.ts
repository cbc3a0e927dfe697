import { once } from 'node:events';
import { createServer, Socket, type Server } from 'node:net';

/** A TCP proxy a test can cut and restore, to make a shared service (PostgreSQL, Redis) go away for one gateway only. */
export interface TcpProxy {
  /** The port clients connect to. */
  readonly port: number;
  /** Stop accepting and reset every open connection (the service is gone). */
  cut(): Promise<void>;
  /** Accept again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Forward 127.0.0.1:<free port> to `targetHost:targetPort`, byte for byte. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const makeServer = (): Server =>
    createServer((client) => {
      const upstream = new Socket();
      track(client);
      track(upstream);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      upstream.connect(targetPort, targetHost, () => {
        client.pipe(upstream);
        upstream.pipe(client);
      });
    });
  let server: Server | null = makeServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  const stop = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.resetAndDestroy();
    if (closing !== null) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    port,
    cut: stop,
    async restore() {
      if (server !== null) return;
      server = makeServer();
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: stop,
  };
}
