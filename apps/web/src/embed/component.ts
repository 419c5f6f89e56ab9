// <algoscope-stepper>: the stepper as a web component, for platforms that bundle JS. It
// frames embed.html (served beside this script, on the app's origin) and drives it with the
// postMessage API of api.ts; nothing of the program runs in the host page.
//
//   <script type="module" src="https://APP/algoscope-stepper.js"></script>
//   <algoscope-stepper language="python" code="def solve(xs): ..." call="solve([3, 1, 2])" stdin=""></algoscope-stepper>
//
// Attributes: language, code (else the element's text), stdin, call (appended as the last
// statement: "step through on the first test case"), step (1-based, shown first), autorun,
// height (CSS, default 560px). Methods: run(), goTo(step) (0-based). Events (CustomEvent
// detail as the API's messages): `outcome`, `step`, `ready`.
import { EMBED_PROTOCOL, type EmbedMessage } from './api';

// (A variable, so the bundler leaves the URL to the browser: embed.html is beside this file.)
const EMBED_PAGE = './embed.html';
const EMBED_URL = new URL(EMBED_PAGE, import.meta.url);

export class AlgoscopeStepper extends HTMLElement {
  static observedAttributes = ['language', 'code', 'stdin', 'call'];
  private frame: HTMLIFrameElement | null = null;
  private ready = false;
  private queued: object[] = [];
  private readonly onMessage = (event: MessageEvent) => {
    if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== EMBED_URL.origin) return;
    const data = event.data as EmbedMessage | null;
    if (!data || data.algoscope !== EMBED_PROTOCOL) return;
    if (data.type === 'ready') {
      this.ready = true;
      for (const message of this.queued.splice(0)) this.post(message);
    }
    this.dispatchEvent(new CustomEvent(data.type, { detail: data }));
  };

  connectedCallback(): void {
    window.addEventListener('message', this.onMessage);
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const frame = document.createElement('iframe');
    frame.title = 'algoscope stepper';
    frame.style.cssText = `display:block;width:100%;height:${this.getAttribute('height') || '560px'};border:1px solid #dde1e7;border-radius:6px`;
    const params = new URLSearchParams({
      language: this.getAttribute('language') || 'python',
      code: this.getAttribute('code') ?? this.textContent ?? '',
      stdin: this.getAttribute('stdin') ?? '',
      call: this.getAttribute('call') ?? '',
      step: this.getAttribute('step') ?? '1',
      host: location.origin,
    });
    if (this.hasAttribute('autorun')) params.set('run', '1');
    frame.src = `${EMBED_URL.href}#${params}`;
    shadow.replaceChildren(frame);
    this.frame = frame;
    this.ready = false;
  }

  disconnectedCallback(): void {
    window.removeEventListener('message', this.onMessage);
    this.frame = null;
  }

  attributeChangedCallback(): void {
    if (!this.frame) return;
    this.send({
      type: 'load',
      language: this.getAttribute('language') || 'python',
      code: this.getAttribute('code') ?? this.textContent ?? '',
      stdin: this.getAttribute('stdin') ?? '',
      call: this.getAttribute('call') ?? '',
    });
  }

  /** Runs the program shown. */
  run(): void {
    this.send({ type: 'run' });
  }

  /** Shows step `step` (0-based) of the last run. */
  goTo(step: number): void {
    this.send({ type: 'goto', step });
  }

  private send(message: object): void {
    if (this.ready) this.post(message);
    else this.queued.push(message);
  }

  private post(message: object): void {
    this.frame?.contentWindow?.postMessage({ algoscope: EMBED_PROTOCOL, ...message }, EMBED_URL.origin);
  }
}

if (!customElements.get('algoscope-stepper')) customElements.define('algoscope-stepper', AlgoscopeStepper);
