// A small loopback balancer (issue 16): each TCP connection goes to the next app server in turn,
// as a layer-4 load balancer in front of the app servers would. Keep-alive connections stay on
// the server they were given, so N client connections are shared evenly.
//   node --import tsx balancer.ts <port> <backend port> [<backend port> ...]
import net from 'node:net';

export function startBalancer(port: number, backends: number[]): Promise<net.Server> {
  let next = 0;
  const server = net.createServer((client) => {
    const backendPort = backends[next % backends.length] as number;
    next += 1;
    const upstream = net.connect(backendPort, '127.0.0.1');
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1]?.endsWith('balancer.ts')) {
  const [port, ...backends] = process.argv.slice(2).map(Number);
  void startBalancer(port as number, backends).then(() =>
    console.log(`balancer on ${port} -> ${backends.join(', ')}`),
  );
  process.on('SIGTERM', () => process.exit(0));
}
