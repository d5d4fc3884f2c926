/**
 * A plain TCP relay on loopback that a test can cut and restore, so one desk loses its team database while another
 * desk (connected directly) keeps it. Cut: the port stops listening (new connections are refused, as from a server
 * that is gone) and every relayed connection is destroyed. Restore: the same port listens again.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  port: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(targetPort: number, host = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    // A destroyed peer's error is the point of the cut, not a failure of the relay.
    s.on('error', () => undefined);
  };
  const relay = (client: Socket) => {
    const upstream = createConnection({ host, port: targetPort });
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(relay);
      server.once('error', reject);
      server.listen(port, host, () => {
        resolve(server);
      });
    });

  let server: Server | undefined = await listen(0);
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy has no port');
  const port = address.port;

  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const s of sockets) s.destroy();
    if (closing)
      await new Promise<void>((resolve) =>
        closing.close(() => {
          resolve();
        }),
      );
  };
  return {
    port,
    cut,
    async restore() {
      server ??= await listen(port);
    },
    close: cut,
  };
}
