// The app: editor, examples, input, Run/Stop, share links, and the stepper (the viewer
// package) for each run the runner (another origin) sends back as records, assembled and
// validated here by the wasm package before anything draws them.
import '@algoscope/viewer/page.css';
import './app.css';
import type { Trace } from '@algoscope/wasm';
import { mount, type Player } from '@algoscope/viewer';
import viewerWasmUrl from '@algoscope/viewer/dist/algoscope_wasm_bg.wasm?url';
import { Editor } from './editor';
import { EXT, Session, type OutcomeKind, type RunResult } from './session';
import { decodeShare, encodeShare, ShareError } from './share';
import { LANGUAGES, type Language } from '../protocol';

const NAMES: Record<Language, string> = { python: 'Python', javascript: 'JavaScript', typescript: 'TypeScript' };

// Every example of examples/, bundled in (about 50 KB).
const exampleTexts = import.meta.glob('../../../../examples/*/*.{py,js,ts}', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const examples = new Map<Language, Map<string, string>>(LANGUAGES.map((l) => [l, new Map()]));
for (const [path, text] of Object.entries(exampleTexts)) {
  const [dir, file] = path.split('/').slice(-2);
  examples.get(dir as Language)?.set(file, text);
}
const DEFAULT_EXAMPLE = 'bubble_sort';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const ui = {
  language: $<HTMLSelectElement>('language'),
  example: $<HTMLSelectElement>('example'),
  run: $<HTMLButtonElement>('run'),
  stop: $<HTMLButtonElement>('stop'),
  share: $<HTMLButtonElement>('share'),
  tabCode: $<HTMLButtonElement>('tab-code'),
  tabInput: $<HTMLButtonElement>('tab-input'),
  editor: $<HTMLDivElement>('editor'),
  input: $<HTMLTextAreaElement>('stdin'),
  status: $<HTMLDivElement>('status'),
  outcome: $<HTMLDivElement>('outcome'),
  banner: $<HTMLDivElement>('banner'),
  stepper: $<HTMLDivElement>('stepper'),
};

const stdinByLanguage: Record<Language, string> = { python: '', javascript: '', typescript: '' };
const editor = new Editor(ui.editor, 'python', { python: '', javascript: '', typescript: '' });
const session = new Session();
const runner = session.runner;

let player: Player | null = null;
let shown: { trace: Trace; code: string; language: Language } | null = null;
/** Which run the outcome tells of (tests wait for it to change). */
let runsEnded = 0;

function setStatus(text: string): void {
  ui.status.textContent = text;
}

/** Shows how the run ended: each outcome its own way (class and heading). */
function setOutcome(kind: OutcomeKind | null, title = '', detail = ''): void {
  ui.outcome.className = kind ? `outcome outcome-${kind}` : 'outcome';
  ui.outcome.hidden = kind === null;
  ui.outcome.dataset.outcome = kind ?? '';
  // Which run it tells of (tests wait for it).
  ui.outcome.dataset.run = String(kind ? ++runsEnded : runsEnded);
  ui.outcome.replaceChildren();
  if (!kind) return;
  const head = document.createElement('strong');
  head.textContent = title;
  ui.outcome.append(head);
  if (detail) {
    const more = document.createElement('span');
    more.textContent = ' ' + detail;
    ui.outcome.append(more);
  }
}

function fillExamples(language: Language): void {
  ui.example.replaceChildren(new Option('Examples…', ''));
  for (const file of [...examples.get(language)!.keys()].sort()) ui.example.append(new Option(file.replace(/\.\w+$/, '').replace(/_/g, ' '), file));
}

/** Per language, what the program in the editor came from (an example, a share link, the
 * person): the boxes dragged in its runs are kept under that name, not carried to another. */
const programFrom: Record<Language, string> = { python: DEFAULT_EXAMPLE, javascript: DEFAULT_EXAMPLE, typescript: DEFAULT_EXAMPLE };

function loadExample(language: Language, file: string): void {
  const text = examples.get(language)?.get(file);
  if (text === undefined) return;
  editor.setText(text);
  programFrom[language] = file;
}

function switchLanguage(language: Language): void {
  stdinByLanguage[editor.language] = ui.input.value;
  editor.switchTo(language);
  ui.language.value = language;
  ui.input.value = stdinByLanguage[language];
  fillExamples(language);
}

function showTab(tab: 'code' | 'input'): void {
  ui.tabCode.setAttribute('aria-selected', String(tab === 'code'));
  ui.tabInput.setAttribute('aria-selected', String(tab === 'input'));
  ui.editor.hidden = tab !== 'code';
  ui.input.hidden = tab !== 'input';
}

function setRunning(on: boolean): void {
  ui.run.disabled = on;
  ui.stop.disabled = !on;
  document.body.dataset.running = on ? '1' : '';
}

function run(): void {
  ui.banner.hidden = true;
  setRunning(true);
  setOutcome(null);
  session.run(editor.language, editor.text, ui.input.value);
}

async function onResult(result: RunResult): Promise<void> {
  setRunning(false);
  setStatus('');
  const { outcome, trace } = result;
  if (!trace) {
    setOutcome(outcome.kind, outcome.title, outcome.detail);
    if (outcome.line) editor.mark({ next: outcome.line, prev: null });
    return;
  }
  player?.destroy();
  player = null;
  shown = { trace, code: result.code, language: result.language };
  try {
    player = await mount(ui.stepper, { trace: JSON.stringify(trace), options: { title: `program.${EXT[result.language]}` }, complexity: result.complexity ?? undefined }, { wasm: viewerWasmUrl, source: false, pins: `app:${result.language}:${programFrom[result.language]}` });
  } catch (e) {
    setOutcome('refused', 'The trace could not be shown.', e instanceof Error ? e.message : String(e));
    return;
  }
  ui.stepper.dataset.steps = String(player.count);
  player.addEventListener('step', (e) => syncLine((e as CustomEvent<{ step: number }>).detail.step));
  syncLine(player.step);
  setStatus(`${trace.steps.length.toLocaleString('en-US')} steps · ran in ${Math.round(result.runMs ?? 0)} ms · shown after ${Math.round(result.elapsedMs)} ms`);
  setOutcome(outcome.kind, outcome.title, outcome.detail);
  performance.mark('algoscope:first-picture');
  document.body.dataset.shown = String(Date.now());
}

/** Marks the step's lines in the editor while its text is the text that ran. */
function syncLine(step: number): void {
  if (!shown || shown.language !== editor.language || editor.text !== shown.code) return;
  const steps = shown.trace.steps;
  const next = steps[step]?.line ?? null;
  const prev = step > 0 ? (steps[step - 1]?.line ?? null) : null;
  editor.mark({ next, prev });
}

async function share(): Promise<void> {
  try {
    const link = await encodeShare({ language: editor.language, code: editor.text, stdin: ui.input.value });
    history.replaceState(null, '', link);
    const url = location.href;
    await navigator.clipboard?.writeText(url).catch(() => {});
    setStatus(`Share link (${link.length.toLocaleString('en-US')} characters) in the address bar${navigator.clipboard ? ' and copied' : ''}.`);
  } catch (e) {
    setStatus(e instanceof ShareError ? `No share link: ${e.message}` : String(e));
  }
}

function showBanner(text: string, kind: 'shared' | 'refused'): void {
  ui.banner.hidden = false;
  ui.banner.className = `banner banner-${kind}`;
  ui.banner.dataset.kind = kind;
  ui.banner.textContent = text;
}

/** Opens a share link in the address, if any: fills the editor, never runs. */
async function openShared(): Promise<boolean> {
  if (!location.hash || location.hash === '#') return false;
  try {
    const shared = await decodeShare(location.hash);
    switchLanguage(shared.language);
    editor.setText(shared.code);
    programFrom[shared.language] = 'shared';
    ui.input.value = shared.stdin;
    showBanner('This program came from a share link: it is someone else\'s code. Read it before you press Run — nothing has run.', 'shared');
    return true;
  } catch (e) {
    showBanner(`This share link was refused: ${e instanceof Error ? e.message : String(e)}.`, 'refused');
    return false;
  }
}

async function start(): Promise<void> {
  for (const language of LANGUAGES) ui.language.append(new Option(NAMES[language], language));
  ui.language.value = 'python';
  fillExamples('python');
  for (const language of LANGUAGES) {
    const text = examples.get(language)?.get(`${DEFAULT_EXAMPLE}.${EXT[language]}`);
    if (text !== undefined) editor.resetText(language, text);
  }
  ui.language.addEventListener('change', () => switchLanguage(ui.language.value as Language));
  ui.example.addEventListener('change', () => {
    if (ui.example.value) loadExample(editor.language, ui.example.value);
    ui.example.value = '';
  });
  ui.run.addEventListener('click', () => run());
  ui.stop.addEventListener('click', () => session.stop());
  session.onStatus = setStatus;
  session.onResult = (result) => void onResult(result);
  ui.share.addEventListener('click', () => void share());
  ui.tabCode.addEventListener('click', () => showTab('code'));
  ui.tabInput.addEventListener('click', () => showTab('input'));
  editor.onEdit = () => {
    editor.mark(null);
    if (editor.language === 'python') runner.warm('python');
  };
  // The person is about to run Python: load Pyodide now (never for JS/TS alone).
  const warmIfPython = () => {
    if (editor.language === 'python') runner.warm('python');
  };
  ui.run.addEventListener('pointerenter', warmIfPython);
  ui.run.addEventListener('focus', warmIfPython);
  ui.editor.addEventListener('focusin', warmIfPython);
  ui.language.addEventListener('change', warmIfPython);
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter' && !session.running) {
      e.preventDefault();
      run();
    }
  });
  window.addEventListener('hashchange', () => void openShared());
  setRunning(false);
  await openShared();
  runner.whenReady().then(
    () => {
      document.body.dataset.runner = 'ready';
    },
    (e: unknown) => {
      document.body.dataset.runner = 'failed';
      setOutcome('not-loaded', 'The runner did not load; nothing can run.', e instanceof Error ? e.message : String(e));
    },
  );
  document.body.dataset.ready = '1';
}

void start();
