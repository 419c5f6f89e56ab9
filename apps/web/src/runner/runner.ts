// The runner page, on an origin of its own inside a hidden iframe of the app. It never draws
// anything: it takes run requests from the app over a MessageChannel, runs each program in a
// worker (one per language, a fresh one per JS/TS run) and sends back the record stream. A
// watchdog terminates a worker stuck past the time budget + grace and starts a fresh one.
import { GRACE_MS, PROTOCOL, type Hello, type Language, type RunRequest, type RunnerMessage, type WarmRequest, type WorkerMessage, type WorkerRequest } from '../protocol';

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

type Kind = 'python' | 'js';
const kindOf = (language: Language): Kind => (language === 'python' ? 'python' : 'js');

const workers = new Map<Kind, Worker>();
function spawn(kind: Kind, warm = false): Worker {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: `algoscope-${kind}` });
  workers.set(kind, worker);
  // A Python worker that replaces one cut off loads Pyodide again at once.
  if (warm && kind === 'python') worker.postMessage({ type: 'warm', language: 'python' } satisfies WorkerRequest);
  return worker;
}
function workerFor(kind: Kind): Worker {
  return workers.get(kind) ?? spawn(kind);
}
function retire(kind: Kind, worker: Worker): void {
  worker.terminate();
  if (workers.get(kind) === worker) workers.delete(kind);
}

let port: MessagePort | null = null;
let busy: { id: number; kind: Kind; worker: Worker; watchdog: number | null } | null = null;
const send = (message: RunnerMessage) => port?.postMessage(message);

function finish(spent: boolean): void {
  if (!busy) return;
  if (busy.watchdog !== null) clearTimeout(busy.watchdog);
  const { kind, worker } = busy;
  busy = null;
  // A JS worker has the program's globals now, and a Python program may have changed its
  // interpreter (the worker says so): replace it, warm, for the next run.
  if (kind === 'js' || spent) {
    retire(kind, worker);
    spawn(kind, true);
  }
}

function run(request: RunRequest): void {
  if (busy) stop();
  const kind = kindOf(request.program.language);
  const worker = workerFor(kind);
  const current = { id: request.id, kind, worker, watchdog: null as number | null };
  busy = current;
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    if (busy !== current) return;
    const data = event.data;
    if (data.type === 'started') {
      const limit = request.timeBudgetMs + GRACE_MS;
      current.watchdog = window.setTimeout(() => {
        if (busy !== current) return;
        busy = null;
        retire(kind, worker);
        spawn(kind, true);
        send({ type: 'killed', id: request.id, afterMs: limit });
      }, limit);
      send({ type: 'started', id: request.id });
      return;
    }
    if (data.type === 'status') {
      send({ ...data, id: request.id });
      return;
    }
    finish(data.type !== 'records' || data.spent === true);
    if (data.type === 'records') send({ type: 'records', id: request.id, records: data.records, runMs: data.runMs });
    else send({ ...data, id: request.id });
  };
  worker.onerror = (event) => {
    if (busy !== current) return;
    event.preventDefault();
    busy = null;
    retire(kind, worker);
    send({ type: 'load-failed', id: request.id, message: 'the runner\'s worker failed to start: ' + (event.message || 'unknown error') });
  };
  worker.postMessage({
    type: 'run',
    program: request.program,
    stdin: request.stdin,
    maxSteps: request.maxSteps,
    timeBudgetMs: request.timeBudgetMs,
  } satisfies WorkerRequest);
}

/** Stop: end the current run now (its worker goes; a fresh one comes for the next run). */
function stop(): void {
  if (!busy) return;
  const { kind, worker } = busy;
  if (busy.watchdog !== null) clearTimeout(busy.watchdog);
  busy = null;
  retire(kind, worker);
  spawn(kind, true);
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
    if (request.type === 'run') run(request);
    else if (request.type === 'stop') stop();
    else if (request.type === 'warm' && busy?.kind !== kindOf(request.language)) workerFor(kindOf(request.language)).postMessage(request satisfies WorkerRequest);
  };
  send({ type: 'ready', protocol: PROTOCOL });
  // A JS worker waits, started, for the first run.
  if (!workers.has('js')) spawn('js');
});
