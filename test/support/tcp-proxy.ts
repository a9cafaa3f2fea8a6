import net from 'node:net';

export interface TcpProxy {
  /** The port to connect to instead of the target's. */
  port: number;
  /** Stops passing bytes either way without closing anything, as a network partition does. */
  freeze(): void;
  /** Passes on what was held while frozen, and everything after. */
  thaw(): void;
  /** How many connections through the proxy are open (one its client closes ends here, frozen or not). */
  openConnections(): number;
  close(): Promise<void>;
}

interface Pair {
  inbound: net.Socket;
  outbound: net.Socket;
  /** Bytes that arrived while frozen, and the side each is for. */
  held: [net.Socket, Buffer][];
}

/** A loopback proxy in front of a server, so a test can make that server stop answering. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const pairs = new Set<Pair>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    const pair: Pair = { inbound, outbound, held: [] };
    pairs.add(pair);
    // Bytes are read even while frozen (and held back), so a client that closes is still noticed.
    const passTo = (to: net.Socket) => (chunk: Buffer) => {
      if (frozen) pair.held.push([to, chunk]);
      else to.write(chunk);
    };
    inbound.on('data', passTo(outbound));
    outbound.on('data', passTo(inbound));
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
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) for (const [to, chunk] of pair.held.splice(0)) to.write(chunk);
    },
    openConnections: () => pairs.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const { inbound, outbound } of pairs) {
          inbound.destroy();
          outbound.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
