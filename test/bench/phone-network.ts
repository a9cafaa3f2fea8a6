import http from 'node:http';
import net from 'node:net';
import { freePort } from './service-process';

/**
 * Lighthouse's DevTools throttling for its mobile preset ("slow 4G" as DevTools applies it:
 * 150 ms × 3.75 of latency, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up, a CPU 4× slower).
 */
export const LIGHTHOUSE_MOBILE = { rttMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675, cpuSlowdown: 4 } as const;

/** The same values as Chrome DevTools' Network.emulateNetworkConditions takes them (bytes per second). */
export const DEVTOOLS_CONDITIONS = {
  offline: false,
  latency: LIGHTHOUSE_MOBILE.rttMs,
  downloadThroughput: (LIGHTHOUSE_MOBILE.downloadKbps * 1024) / 8,
  uploadThroughput: (LIGHTHOUSE_MOBILE.uploadKbps * 1024) / 8,
};

/** The same values as Lighthouse's own settings take them. */
export const LIGHTHOUSE_DEVTOOLS_SETTINGS = {
  throttlingMethod: 'devtools' as const,
  throttling: {
    requestLatencyMs: LIGHTHOUSE_MOBILE.rttMs,
    downloadThroughputKbps: LIGHTHOUSE_MOBILE.downloadKbps,
    uploadThroughputKbps: LIGHTHOUSE_MOBILE.uploadKbps,
    cpuSlowdownMultiplier: LIGHTHOUSE_MOBILE.cpuSlowdown,
  },
};

/** The path the phone's way in answers with the floor page (see phoneWayIn). */
export const FLOOR_PAGE_PATH = '/bench-floor-page';

export interface PhoneWayIn {
  url: string;
  /** Serves `html` at FLOOR_PAGE_PATH from now on. */
  setFloorPage: (html: string) => void;
  /** Closes every connection a browser holds open, so its next navigation sets up new ones. */
  dropConnections: () => void;
  stop: () => Promise<void>;
}

/**
 * The server as a phone reaches it: DevTools' throttling charges each request its latency but no
 * connection its set-up, so every new connection here waits one round trip (TCP's handshake)
 * before its first byte goes on; `dropConnections` between navigations makes each navigation set
 * up its own. Behind it, the real server's answers pass as they are, but at FLOOR_PAGE_PATH, which
 * answers the floor page: the page's own HTML and CSS with no script, from the same origin.
 */
export async function phoneWayIn(serverUrl: string): Promise<PhoneWayIn> {
  const target = new URL(serverUrl);
  let floorPage = '';
  const forwarder = http.createServer((request, response) => {
    if (request.url === FLOOR_PAGE_PATH) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(floorPage);
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  const forwarderPort = await freePort();
  await new Promise<void>((resolve) => forwarder.listen(forwarderPort, '127.0.0.1', resolve));

  const open = new Set<net.Socket>();
  const handshake = net.createServer((client) => {
    open.add(client);
    // A socket reads nothing until piped: what the browser sends meanwhile waits in its buffer.
    const timer = setTimeout(() => {
      const upstream = net.connect(forwarderPort, '127.0.0.1');
      open.add(upstream);
      client.pipe(upstream).pipe(client);
      upstream.on('error', () => client.destroy());
      upstream.on('close', () => {
        open.delete(upstream);
        client.destroy();
      });
    }, LIGHTHOUSE_MOBILE.rttMs);
    client.on('error', () => undefined);
    client.on('close', () => {
      clearTimeout(timer);
      open.delete(client);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => handshake.listen(port, '127.0.0.1', resolve));
  const dropConnections = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    setFloorPage: (html) => {
      floorPage = html;
    },
    dropConnections,
    stop: async () => {
      dropConnections();
      forwarder.closeAllConnections();
      await Promise.all([new Promise((resolve) => handshake.close(resolve)), new Promise((resolve) => forwarder.close(resolve))]);
    },
  };
}

/** A page as the server drew it, with no script: what the browser paints from the HTML and CSS alone. */
export function withoutScript(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
}
