// embed.html: the stepper alone, for iframes on other sites. Hash parameters: language,
// code, stdin, call (appended as the last statement), step (1-based, shown first), run=1
// (run at once), host (the origin allowed to drive it; default the embedding page's).
// The versioned postMessage API of ./api.ts drives it; every message's origin is checked.
import '@algoscope/viewer/page.css';
import '../app/app.css';
import { mount, type Player } from '@algoscope/viewer';
import viewerWasmUrl from '@algoscope/viewer/dist/algoscope_wasm_bg.wasm?url';
import { EXT, Session, type RunResult } from '../app/session';
import { LANGUAGES, type Language } from '../protocol';
import { EMBED_PROTOCOL, withCall, type EmbedEvent, type HostMessage } from './api';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const ui = { run: $<HTMLButtonElement>('run'), status: $('status'), outcome: $('outcome'), stepper: $('stepper') };

const params = new URLSearchParams(location.hash.slice(1));
const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** The host allowed to drive this page: `host` in the hash, else the page that frames it. */
function hostOrigin(): string | null {
  const named = params.get('host');
  if (named) {
    try {
      return new URL(named).origin;
    } catch {
      return null;
    }
  }
  const ancestors = location.ancestorOrigins;
  return ancestors && ancestors.length > 0 ? ancestors[0] : null;
}
const HOST = window.parent !== window ? hostOrigin() : null;

let program: { language: Language; code: string; stdin: string } = {
  language: isLanguage(params.get('language')) ? (params.get('language') as Language) : 'python',
  code: '',
  stdin: params.get('stdin') ?? '',
};
program.code = withCall(program.language, params.get('code') ?? '', params.get('call'));
let firstStep = Math.max(0, Number(params.get('step') || 1) - 1) || 0;

const session = new Session('runner-embed.html');
let player: Player | null = null;

function tell(message: EmbedEvent): void {
  if (HOST) window.parent.postMessage({ algoscope: EMBED_PROTOCOL, ...message }, HOST);
}

function setOutcome(kind: string | null, title = '', detail = ''): void {
  ui.outcome.hidden = kind === null;
  ui.outcome.className = kind ? `outcome outcome-${kind}` : 'outcome';
  ui.outcome.dataset.outcome = kind ?? '';
  ui.outcome.textContent = kind ? `${title}${detail ? ' ' + detail : ''}` : '';
}

function run(): void {
  ui.run.disabled = true;
  setOutcome(null);
  session.run(program.language, program.code, program.stdin);
}

async function onResult(result: RunResult): Promise<void> {
  ui.run.disabled = false;
  ui.status.textContent = '';
  const { outcome, trace } = result;
  player?.destroy();
  player = null;
  if (trace) {
    try {
      player = await mount(ui.stepper, { trace: JSON.stringify(trace), options: { title: `program.${EXT[result.language]}` }, complexity: result.complexity ?? undefined }, { wasm: viewerWasmUrl, step: Math.min(firstStep, trace.steps.length - 1) });
      firstStep = 0;
      const shown = player;
      shown.addEventListener('step', () => tell({ type: 'step', step: shown.step, count: shown.count }));
      ui.stepper.dataset.steps = String(shown.count);
    } catch (e) {
      setOutcome('refused', 'The trace could not be shown.', e instanceof Error ? e.message : String(e));
      tell({ type: 'outcome', kind: 'refused', title: 'The trace could not be shown.', detail: String(e), steps: 0 });
      return;
    }
  }
  setOutcome(outcome.kind, outcome.title, outcome.detail);
  tell({ type: 'outcome', kind: outcome.kind, title: outcome.title, detail: outcome.detail, steps: player?.count ?? 0 });
  if (player) tell({ type: 'step', step: player.step, count: player.count });
}

window.addEventListener('message', (event: MessageEvent) => {
  // Only the framing page, from the allowed origin, may drive this page.
  if (!HOST || event.source !== window.parent || event.origin !== HOST) return;
  const data = event.data as HostMessage | null;
  if (!data || typeof data !== 'object' || data.algoscope !== EMBED_PROTOCOL) {
    tell({ type: 'error', message: `expected {algoscope: ${EMBED_PROTOCOL}, type, …}` });
    return;
  }
  if (data.type === 'load') {
    if (!isLanguage(data.language) || typeof data.code !== 'string' || (data.stdin !== undefined && typeof data.stdin !== 'string') || (data.call !== undefined && typeof data.call !== 'string')) {
      tell({ type: 'error', message: 'load: needs language (python, javascript, typescript), code as text, and optional stdin and call as text' });
      return;
    }
    program = { language: data.language, code: withCall(data.language, data.code, data.call), stdin: data.stdin ?? '' };
    player?.destroy();
    player = null;
    setOutcome(null);
    ui.stepper.replaceChildren();
  } else if (data.type === 'run') {
    run();
  } else if (data.type === 'goto') {
    if (!player || typeof data.step !== 'number' || !Number.isInteger(data.step)) {
      tell({ type: 'error', message: player ? 'goto: step must be an integer' : 'goto: nothing has run yet' });
      return;
    }
    player.goTo(data.step);
  } else {
    tell({ type: 'error', message: `unknown message type ${JSON.stringify((data as { type?: unknown }).type)}` });
  }
});

session.onStatus = (text) => {
  ui.status.textContent = text;
};
session.onResult = (result) => void onResult(result);
ui.run.addEventListener('click', run);
ui.run.addEventListener('pointerenter', () => {
  if (program.language === 'python') session.runner.warm('python');
});
if (program.language === 'python' && params.get('run') === '1') session.runner.warm('python');
tell({ type: 'ready' });
if (params.get('run') === '1' && program.code) run();
document.body.dataset.ready = '1';
