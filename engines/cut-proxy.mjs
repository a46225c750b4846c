// The browser's only way to the app: a TCP proxy the journey switches off and on, so "offline"
// is a real cut (connections refused and dropped), not a browser flag. navigator.onLine stays
// true throughout, as on school Wi-Fi that has lost its uplink.
import { connect, createServer } from 'node:net';

// Browsers refuse "unsafe" ports (the Fetch standard's list: 4190, 6000, 6665–6669, 10080, …,
// all at or below 10080). Ports from this range are never on it.
const SAFE_PORTS = { from: 20_000, to: 29_999 };
const ATTEMPTS = 50;

/**
 * @param {{ targetPort: number, host?: string }} options
 * @returns {Promise<{ url: string, port: number, setOnline: (online: boolean) => void, stop: () => Promise<void> }>}
 */
export async function startCutProxy({ targetPort, host = '127.0.0.1' }) {
  let online = true;
  /** @type {Set<import('node:net').Socket>} */
  const open = new Set();

  const server = createServer((client) => {
    if (!online) {
      // A reset, as when the uplink is gone: the browser's fetch fails at once.
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const port = await listenOnSafePort(server, host);
  return {
    url: `http://${host}:${port}`,
    port,
    setOnline(value) {
      online = value;
      // Kept-alive connections would carry on without this; a cut drops them too.
      if (!value) for (const socket of open) socket.destroy();
    },
    stop: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve(undefined));
      }),
  };
}

/** @param {import('node:net').Server} server @param {string} host @returns {Promise<number>} */
async function listenOnSafePort(server, host) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const port =
      SAFE_PORTS.from + Math.floor(Math.random() * (SAFE_PORTS.to - SAFE_PORTS.from + 1));
    const bound = await new Promise((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, host, () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (bound) return port;
  }
  throw new Error(`cut-proxy: no free port between ${SAFE_PORTS.from} and ${SAFE_PORTS.to}`);
}
