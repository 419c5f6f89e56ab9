// The runner page, on an origin of its own inside a hidden iframe of the app. It never draws
// anything: it takes the jobs the app prepared (the wasm package's `prepare`) over a
// MessageChannel, runs each with the package's runner (`runJob`: a worker per run for JS/TS,
// a Pyodide worker kept for Python, the watchdog) and sends back the record stream. The
// package's runner is served from this origin as published (runtime/, copied by the build),
// and Pyodide from pyodide/: nothing comes from elsewhere.
import type * as Runtime from '@algoscope/wasm/runner';
import { PROTOCOL, type Hello, type Language, type RunRequest, type RunnerMessage, type WarmRequest } from '../protocol';

/** The app's origin: VITE_APP_ORIGIN at build time, else the local pair (runner on
 * 127.0.0.1:PORT+1, app on localhost:PORT). frame-ancestors lets no other page frame this
 * one; the handshake checks it again. */
function appOrigin(): string {
  const configured = import.meta.env.VITE_APP_ORIGIN as string | undefined;
  if (configured) return new URL(configured).origin;
  const here = new URL(location.href);
  const host = here.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  const port = Number(here.port || (here.protocol === 'https:' ? 443 : 80)) - 1;
  return `${here.protocol}//${host}:${port}`;
}

const PYODIDE_URL = new URL('pyodide/', location.href).href;
const runtime = import(/* @vite-ignore */ new URL('runtime/runner.js', location.href).href) as Promise<typeof Runtime>;

let port: MessagePort | null = null;
let current: { id: number; controller: AbortController } | null = null;
const send = (message: RunnerMessage) => port?.postMessage(message);

/** Readies a worker for the next run of `language` (Pyodide for Python). */
function warm(language: Language): void {
  void runtime.then((r) => r.warm(language, { pyodideUrl: PYODIDE_URL }), () => {});
}

async function run(request: RunRequest): Promise<void> {
  stop();
  const controller = new AbortController();
  const mine = { id: request.id, controller };
  current = mine;
  const { id, job } = request;
  let started = 0;
  try {
    const { runJob } = await runtime;
    // This runner's Pyodide, whatever the app says.
    const outcome = await runJob(job.language === 'python' ? { ...job, pyodideUrl: PYODIDE_URL } : job, {
      signal: controller.signal,
      onProgress: (stage) => {
        if (stage === 'loading') send({ type: 'status', id, text: 'Loading Python (Pyodide)…' });
        else {
          started = performance.now();
          send({ type: 'started', id });
        }
      },
    });
    send({ type: 'records', id, records: outcome.records, cutOff: outcome.cutOff, runMs: performance.now() - started });
  } catch (e) {
    const failure = e as Partial<Runtime.JobFailure> | Error;
    const message = 'kind' in failure && failure.kind ? String(failure.message) : `the runner did not load: ${String(e)}`;
    if ('kind' in failure && failure.kind === 'aborted') return;
    if ('kind' in failure && failure.kind === 'run') send({ type: 'crash', id, message });
    else send({ type: 'load-failed', id, message });
  } finally {
    if (current === mine) current = null;
    // A fresh worker for the next run: JS workers serve one run; a Python worker cut off,
    // stopped or spent by its program is replaced (warm does nothing if one is idle).
    warm(job.language);
  }
}

/** Stop: end the current run now (its worker is terminated; a fresh one is readied). */
function stop(): void {
  current?.controller.abort();
  current = null;
}

window.addEventListener('message', (event: MessageEvent) => {
  const data = event.data as Hello | null;
  if (event.source !== window.parent || event.origin !== appOrigin()) return;
  if (!data || data.type !== 'algoscope-hello' || event.ports.length !== 1) return;
  port?.close();
  port = event.ports[0];
  if (data.protocol !== PROTOCOL) {
    port.postMessage({ type: 'stale', protocol: PROTOCOL, wanted: data.protocol } satisfies RunnerMessage);
    return;
  }
  port.onmessage = (message: MessageEvent) => {
    const request = message.data as RunRequest | WarmRequest | { type: 'stop' };
    if (request.type === 'run') void run(request);
    else if (request.type === 'stop') stop();
    else if (request.type === 'warm') warm(request.language);
  };
  send({ type: 'ready', protocol: PROTOCOL });
  // A JS worker waits, started, for the first run.
  warm('javascript');
});
