// The app's side of the runner: a hidden iframe of the runner page on a second origin, a
// MessageChannel handshake with the protocol version checked both ways, and run requests.
import { PROTOCOL, type Language, type RunRequest, type RunnerMessage, type WarmRequest } from '../protocol';

/** The runner's origin: VITE_RUNNER_ORIGIN at build time, else the local pair
 * (app on localhost:PORT, runner on 127.0.0.1:PORT+1). */
export function runnerOrigin(): string {
  const configured = import.meta.env.VITE_RUNNER_ORIGIN as string | undefined;
  if (configured) return new URL(configured).origin;
  const here = new URL(location.href);
  const host = here.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  const port = Number(here.port || (here.protocol === 'https:' ? 443 : 80)) + 1;
  return `${here.protocol}//${host}:${port}`;
}

export type RunnerEvent = Exclude<RunnerMessage, { type: 'ready' } | { type: 'stale' }>;

export class RunnerClient {
  readonly origin = runnerOrigin();
  private port: MessagePort | null = null;
  private ready: Promise<void>;
  onEvent: (event: RunnerEvent) => void = () => {};

  /** `page`: the runner page — runner.html (framed by the app only) or runner-embed.html
   * (for embed.html inside other sites; its handshake still answers the app's origin only). */
  constructor(page: 'runner.html' | 'runner-embed.html' = 'runner.html', timeoutMs = 15_000) {
    const frame = document.createElement('iframe');
    frame.src = `${this.origin}/${page}`;
    frame.title = 'algoscope runner';
    frame.hidden = true;
    frame.setAttribute('aria-hidden', 'true');
    // The runner needs scripts and its own origin (workers, its files); nothing else.
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the runner at ${this.origin} did not answer`)), timeoutMs);
      frame.addEventListener('load', () => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<RunnerMessage>) => {
          const data = event.data;
          if (data.type === 'ready') {
            if (data.protocol !== PROTOCOL) {
              reject(new Error(`the runner speaks protocol ${data.protocol}, this page ${PROTOCOL}: reload the page`));
              return;
            }
            clearTimeout(timer);
            this.port = channel.port1;
            resolve();
          } else if (data.type === 'stale') {
            clearTimeout(timer);
            reject(new Error(`the runner speaks protocol ${data.protocol}, this page ${PROTOCOL}: reload the page`));
          } else if (this.port) {
            this.onEvent(data);
          }
        };
        frame.contentWindow?.postMessage({ type: 'algoscope-hello', protocol: PROTOCOL }, this.origin, [channel.port2]);
      }, { once: true });
    });
    this.ready.catch(() => {});
    document.body.append(frame);
  }

  /** Resolves when the runner answered the handshake; rejects with why it did not. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async run(request: Omit<RunRequest, 'type'>): Promise<void> {
    await this.ready;
    this.port!.postMessage({ type: 'run', ...request } satisfies RunRequest);
  }

  /** Asks the runner to load `language`'s runtime now (Pyodide, for Python). */
  warm(language: Language): void {
    this.ready.then(() => this.port!.postMessage({ type: 'warm', language } satisfies WarmRequest), () => {});
  }

  stop(): void {
    this.port?.postMessage({ type: 'stop' });
  }
}
