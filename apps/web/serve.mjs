#!/usr/bin/env node
// Serves the built app (dist/) from two origins, as a deployment would: the app on
// http://localhost:PORT and the runner on http://127.0.0.1:PORT+1, each with its own
// Content-Security-Policy. Usage: node serve.mjs [--port 8000] [--dist dist]
// Prints one line `app <url> runner <url>` when both listen (and with --log, a line per
// request: `app|runner METHOD PATH STATUS BYTES`, bytes of the body as sent).
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const appPort = Number(option('--port', process.env.PORT || '8000'));
const runnerPort = appPort + 1;
const log = args.includes('--log');
const dist = path.resolve(option('--dist', path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist')));
const APP = `http://localhost:${appPort}`;
const RUNNER = `http://127.0.0.1:${runnerPort}`;

/** The app: no eval (WebAssembly compilation only), frames only from the runner, embeddable nowhere. */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  `frame-src ${RUNNER}`,
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The embed page: the app's policy, but any site may frame it (it answers its host only). */
const EMBED_CSP = APP_CSP.replace("frame-ancestors 'none'", 'frame-ancestors *');

/** The runner: nothing but its own scripts (eval allowed: it runs programs), its own files,
 * inside the app only. runner-embed.html (for embed.html on other sites, whose ancestors
 * include the host) may be framed anywhere; its handshake answers the app's origin only. */
const runnerCsp = (ancestors) => [
  "default-src 'none'",
  // blob: for the recorder's import() of an ES-module program (top-level await, export):
  // no more than eval, which the runner allows anyway; no network.
  "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
  "worker-src 'self'",
  "connect-src 'self'",
  `frame-ancestors ${ancestors}`,
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
const RUNNER_CSP = runnerCsp(APP);
const RUNNER_EMBED_CSP = runnerCsp('*');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const COMPRESS = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg']);
const gzipped = new Map();

/** Which files each origin serves: the runner's page and what it loads, or the app's. */
function allowed(which, rel) {
  const runnerOnly = rel.startsWith('runner') || rel.startsWith('pyodide/') || rel.startsWith('runtime/');
  if (which === 'runner') return runnerOnly || rel.startsWith('assets/');
  return !runnerOnly;
}

function handler(which) {
  return (req, res) => {
    const url = new URL(req.url, 'http://x');
    let rel = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    if (rel === '') rel = which === 'app' ? 'index.html' : 'runner.html';
    const file = path.join(dist, path.normalize(rel));
    const headers = {
      'content-security-policy': which === 'app' ? (rel === 'embed.html' ? EMBED_CSP : APP_CSP) : rel === 'runner-embed.html' ? RUNNER_EMBED_CSP : RUNNER_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      // Cross-origin loads of the runner's files only by the runner itself.
      'cross-origin-resource-policy': 'same-origin',
    };
    // The web component and what it loads: other sites import them (CORS).
    if (which === 'app' && (rel === 'algoscope-stepper.js' || rel.startsWith('assets/'))) {
      headers['access-control-allow-origin'] = '*';
      headers['cross-origin-resource-policy'] = 'cross-origin';
    }
    if (log) res.on('finish', () => console.log(`${which} ${req.method} ${url.pathname} ${res.statusCode} ${res.sentBytes ?? 0}`));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, headers).end();
      return;
    }
    if (!file.startsWith(dist + path.sep) || !allowed(which, rel) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    const ext = path.extname(file);
    headers['content-type'] = TYPES[ext] ?? 'application/octet-stream';
    headers['cache-control'] = rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : rel.startsWith('pyodide/') || rel.startsWith('runtime/') ? 'public, max-age=86400' : 'no-cache';
    let body = readFileSync(file);
    if (COMPRESS.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const key = `${file}:${statSync(file).mtimeMs}:${body.length}`;
      if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 6 }));
      body = gzipped.get(key);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = String(body.length);
    res.sentBytes = req.method === 'HEAD' ? 0 : body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`no build in ${dist}: run \`npx vite build\` first`);
  process.exit(2);
}
const listen = (server, port) => new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, '127.0.0.1', resolve);
});
await listen(createServer(handler('app')), appPort);
await listen(createServer(handler('runner')), runnerPort);
console.log(`app ${APP}/ runner ${RUNNER}/`);
