// Production entry point of the web server (deploy/Dockerfile.web, docs/deployment.md): serves the
// built PWA and proxies the CMS paths, configured by environment only.
//   CMS_URL      the CMS, or several comma-separated instances (round-robin)   (required)
//   DIST_DIR     the built app (default: dist)
//   HOST, PORT   where to listen (default: 0.0.0.0:8080)
//   TRUST_PROXY  Express "trust proxy" for a TLS-terminating proxy in front: a hop count ("1") or
//                addresses/subnets ("10.0.0.0/8"); needed for HSTS (sent only over https) and
//                the X-Forwarded-* headers passed on to the CMS.
//   CSP_CONNECT_SRC  extra origins the app may fetch from (an events feed on another host).
import { createServer } from 'node:http';
import { createWebApp } from './web-server.mjs';

const cmsUrl = process.env.CMS_URL;
if (!cmsUrl) {
  console.error(
    'serve: set CMS_URL (e.g. http://cms:1337, or a comma-separated list of instances)',
  );
  process.exit(1);
}
const host = process.env.HOST ?? '0.0.0.0';
const port = Number(process.env.PORT ?? 8080);

const app = createWebApp({
  distDir: process.env.DIST_DIR ?? 'dist',
  cmsUrl,
  log: (line) => console.error(line),
});
const trust = process.env.TRUST_PROXY;
if (trust)
  app.set(
    'trust proxy',
    /^\d+$/.test(trust) ? Number(trust) : trust.split(',').map((s) => s.trim()),
  );

const server = createServer(app);
// Longer than a typical load balancer's idle timeout, so it closes idle connections first.
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => console.log(`serve: app on http://${host}:${port}, CMS ${cmsUrl}`));

// Graceful stop for rolling deployments: finish in-flight requests, then exit.
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
