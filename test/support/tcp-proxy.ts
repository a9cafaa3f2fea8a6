import net from 'node:net';

export interface TcpProxy {
  /** The port to connect to instead of the target's. */
  port: number;
  /** Stops passing bytes either way without closing anything, as a network partition does. */
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

function flow([inbound, outbound]: [net.Socket, net.Socket]): void {
  inbound.pipe(outbound);
  outbound.pipe(inbound);
}

function stop([inbound, outbound]: [net.Socket, net.Socket]): void {
  inbound.unpipe(outbound);
  outbound.unpipe(inbound);
  inbound.pause();
  outbound.pause();
}

/** A loopback proxy in front of a server, so a test can make that server stop answering. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [inbound, outbound];
    pairs.add(pair);
    if (frozen) stop(pair);
    else flow(pair);
    const end = () => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    freeze() {
      frozen = true;
      for (const pair of pairs) stop(pair);
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) flow(pair);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [inbound, outbound] of pairs) {
          inbound.destroy();
          outbound.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
