import type { Server, ServerResponse } from 'node:http';

export interface ConnectionDrain {
  /**
   * Stops taking connections and lets the requests in flight finish: each answer not yet begun
   * says `Connection: close` (and Node closes its connection after it), a keep-alive connection is
   * closed as soon as it is idle, and whatever still runs after limitMs is cut. Resolves once every
   * connection is closed, with how many requests were cut.
   */
  drain(limitMs: number): Promise<{ cut: number }>;
}

/** Follows a server's requests from now on, so that it can later stop without cutting one off. */
export function trackConnections(server: Server): ConnectionDrain {
  const inFlight = new Set<ServerResponse>();
  let draining = false;

  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };

  server.on('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    if (draining) closeAfter(response);
    response.once('close', () => {
      inFlight.delete(response);
      // An answer whose head went out before the drain began kept its connection open; once the
      // connection is idle it goes too (Node counts it idle only after this event).
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  return {
    drain: (limitMs) =>
      new Promise((resolve) => {
        draining = true;
        for (const response of inFlight) closeAfter(response);
        let cut = 0;
        const limit = setTimeout(() => {
          cut = inFlight.size;
          server.closeAllConnections();
        }, limitMs);
        limit.unref();
        // close() stops accepting and closes the connections idle now; its callback runs once the
        // last connection has closed.
        server.close(() => {
          clearTimeout(limit);
          resolve({ cut });
        });
      }),
  };
}
