// A TCP proxy in front of PostgreSQL that a test owns: cutting it is a database outage for the app
// behind it, while the real server (shared by every test) keeps running.
import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** New connections are refused and open ones are dropped, as when the database goes away. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const cut = async () => {
    const closed = new Promise((resolve) => server!.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    async close() {
      if (server?.listening) await cut();
    },
  };
}

/** The same database URL, reached through the proxy. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.host = `127.0.0.1:${proxy.port}`;
  return proxied.toString();
}
