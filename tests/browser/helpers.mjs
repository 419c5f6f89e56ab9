// Shared by the browser tests: build a page with the `algoscope` binary, open it in Debian's
// chromium from file://, and record anything that went wrong while it was open.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

/** Repository root (this file is tests/browser/helpers.mjs). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The `algoscope` binary: $ALGOSCOPE_BIN, else target/debug/algoscope in the checkout. */
export const BIN = path.resolve(ROOT, process.env.ALGOSCOPE_BIN || 'target/debug/algoscope');

/** Where screenshots go when $ALGOSCOPE_SCREENSHOTS names a folder; null: take none. */
export const SCREENSHOTS = process.env.ALGOSCOPE_SCREENSHOTS
  ? path.resolve(process.env.ALGOSCOPE_SCREENSHOTS)
  : null;

const workDir = mkdtempSync(path.join(tmpdir(), 'algoscope-browser-'));

/**
 * Runs `algoscope html INPUT -o OUT` (extra CLI arguments after) and returns the page's path.
 * INPUT is relative to the repository root.
 */
export function buildPage(input, name, extraArgs = []) {
  const out = path.join(workDir, name + '.html');
  const printed = execFileSync(BIN, ['html', path.resolve(ROOT, input), '-o', out, ...extraArgs], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (printed.trim() !== out) throw new Error(`algoscope html printed ${JSON.stringify(printed)}, expected ${out}`);
  return out;
}

/** Starts chromium the way this machine allows (no sandbox, no downloads, no network). */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * Opens `file` from file:// in a fresh page and returns it with `problems`: console errors,
 * uncaught page errors, dialogs (an `alert` from injected markup would be one) and every
 * request other than the page itself.
 */
export async function openPage(browser, file, { width = 1280, height = 800 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const url = pathToFileURL(file).href;
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('dialog', async (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('request', (req) => {
    if (req.url().split('#')[0] !== url) problems.push(`request: ${req.url()}`);
  });
  await page.goto(url);
  // The player decodes its data asynchronously; it marks the body once a step is shown.
  await page.waitForSelector('#algoscope[data-step]', { timeout: 10_000 });
  return { page, context, problems, url };
}

/** The counter, the highlighted line numbers and the printed output, as the page shows them. */
export async function state(page) {
  return page.evaluate(() => {
    const text = (sel) => {
      const node = document.querySelector(sel);
      return node ? node.textContent : null;
    };
    return {
      counter: text('#counter'),
      current: Number(document.querySelector('.line.is-current')?.dataset.line ?? 0),
      previous: Number(document.querySelector('.line.is-prev')?.dataset.line ?? 0),
      where: text('#where'),
      printed: text('#stdout'),
      newest: text('#stdout .new'),
      error: document.querySelector('#error').hidden ? null : text('#error'),
      slider: Number(document.querySelector('#slider').value),
    };
  });
}

const TYPES = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
  '.json': 'application/json',
  '.zip': 'application/zip',
};

/**
 * Serves the checkout over http on 127.0.0.1, as a web app would serve a package: `pages`
 * (path → HTML), and the files under `folders` (relative to the root); 404 for the rest.
 * Returns what `serveFolder` returns.
 */
export function serveCheckout(pages, folders = ['bindings/wasm/', 'examples/']) {
  return serveFolder(ROOT, pages, folders);
}

/**
 * Serves `root` over http on 127.0.0.1 (uncompressed, no caching headers): `pages` (path →
 * HTML), and the files under `folders` (relative to `root`); 404 for the rest. Returns
 * `{origin, requested, served, close}`: `requested` lists every path asked for, `served`
 * each file sent as `{path, bytes}`.
 */
export async function serveFolder(root, pages, folders = ['']) {
  const requested = [];
  const served = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    requested.push(url.pathname);
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (Object.hasOwn(pages, url.pathname)) {
      served.push({ path: url.pathname, bytes: Buffer.byteLength(pages[url.pathname]) });
      res.writeHead(200, { 'content-type': 'text/html' }).end(pages[url.pathname]);
      return;
    }
    const file = path.join(root, path.normalize(decodeURIComponent(url.pathname)));
    const inside = folders.some((dir) => file.startsWith(path.join(root, dir)));
    if (!inside || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    served.push({ path: url.pathname, bytes: body.length });
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'text/plain' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, requested, served, close: () => server.close() };
}

/**
 * Opens `url` in a fresh page and waits (up to `timeout` ms) for the page to set
 * `body[data-done]`; returns `{context, page, problems, result}`, `result` being the page's
 * `window.result` and `problems` its console errors and uncaught errors.
 */
export async function runPage(browser, url, { width = 1200, height = 800, timeout = 60_000 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  await page.goto(url);
  await page.waitForSelector('body[data-done]', { state: 'attached', timeout }).catch((e) => {
    throw new Error(`the page never finished: ${e.message}\n${problems.join('\n')}`);
  });
  const result = await page.evaluate(() => window.result);
  return { context, page, problems, result };
}
