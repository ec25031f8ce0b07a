import net from 'node:net';

/**
 * What the database looks like from the app while it is away:
 * - `refuse`: the server is down (a restart): connections are refused at once;
 * - `hang`: the host is unreachable: connections are accepted and never answered.
 */
export type OutageKind = 'refuse' | 'hang';

/** A TCP proxy between an app's pool and a real PostgreSQL server, which a test can cut. */
export type DbProxy = {
  /** `url` with host and port replaced by the proxy's, for `openDatabase`. */
  urlFor(url: string): string;
  /** Cuts every proxied connection; new ones are refused or left hanging until `restore()`. */
  cut(kind: OutageKind): Promise<void>;
  /** Forwards new connections to the server again. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Starts a proxy on 127.0.0.1 (a free port) to `target` (host:port of a PostgreSQL URL). The
 * real server is never touched, so tests can make "the database" vanish without disturbing
 * anything else that uses it.
 */
export async function startDbProxy(target: string): Promise<DbProxy> {
  const { hostname, port } = new URL(target);
  const targetHost = hostname || '127.0.0.1';
  const targetPort = Number(port || 5432);
  const sockets = new Set<net.Socket>();
  let mode: 'forward' | OutageKind = 'forward';

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A cut connection reports ECONNRESET on both ends; the proxy itself has nothing to say.
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === 'hang') return;
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });

  const listen = (listenPort: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listenPort, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      // close() stops accepting at once; its callback waits for open sockets, destroyed below.
      server.close(() => resolve());
      destroyAll();
    });
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  await listen(0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no TCP address');
  const proxyPort = address.port;

  return {
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxyPort);
      return proxied.toString();
    },
    async cut(kind) {
      mode = kind;
      if (kind === 'refuse') {
        await stopListening();
      } else {
        destroyAll();
        if (!server.listening) await listen(proxyPort);
      }
    },
    async restore() {
      mode = 'forward';
      destroyAll();
      if (!server.listening) await listen(proxyPort);
    },
    async close() {
      mode = 'refuse';
      await stopListening();
    },
  };
}
