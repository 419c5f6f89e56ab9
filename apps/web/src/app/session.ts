// One place that runs programs for a page (the app, the embed page): prepare the job with the
// wasm module (JS/TS instrumented, Python's tracer request, the package's budgets), send it to
// the runner on its own origin, assemble and validate the records that come back, and tell
// how the run ended — one of the outcomes below.
import { init as initWasm, assemble, complexity, limits, prepare, AlgoscopeError, type Complexity, type Trace, type TraceJob } from '@algoscope/wasm';
import fullWasmUrl from '@algoscope/wasm/algoscope_full_bg.wasm?url';
import { RunnerClient, type RunnerEvent } from './runner-client';
import type { Language } from '../protocol';

export const EXT: Record<Language, string> = { python: 'py', javascript: 'js', typescript: 'ts' };

/** How a run ended: ran to its end; the program's error (or syntax error); stopped by a
 * budget, the watchdog or Stop; the tracer crashed (our bug); the runtime did not load
 * (nothing ran); the records were refused (nothing drawn). */
export type OutcomeKind = 'ok' | 'program-error' | 'budget' | 'crash' | 'not-loaded' | 'refused';

export interface Outcome {
  kind: OutcomeKind;
  title: string;
  detail: string;
  /** The line to point at (a syntax error's). */
  line?: number | null;
}

export interface RunResult {
  id: number;
  language: Language;
  code: string;
  outcome: Outcome;
  /** The validated trace, when there is one to show. */
  trace?: Trace;
  /** The program's Big-O estimate checked against this run (the stepper's chip), if any. */
  complexity?: Complexity | null;
  /** ms the program ran in the runner; ms from Run to this result. */
  runMs?: number;
  elapsedMs: number;
}

const CRASH = 'The tracer crashed — that is our bug, not your program\'s.';

/** The outcome a trace tells of; `cutOff`: the runner's watchdog ended it. */
export function traceOutcome(trace: Trace, cutOff = false): Outcome {
  const { maxSteps, timeoutMs } = limits();
  if (cutOff) {
    return {
      kind: 'budget',
      title: `Stopped: the program was stuck in one call past the ${timeoutMs / 1000} s time budget.`,
      detail: 'The runner cut it off and replaced it with a fresh one; the steps before the stuck call are shown. Make the input smaller or look for a call that never returns (a loop inside a built-in or a callback).',
    };
  }
  if (trace.truncated) {
    const why = trace.stoppedBy === 'steps' ? `the ${maxSteps.toLocaleString('en-US')}-step budget ran out` : `the ${timeoutMs / 1000} s time budget ran out`;
    return { kind: 'budget', title: `Stopped early: ${why}.`, detail: 'The steps up to there are shown. Give the program a smaller input, or fewer loop passes, to see it end.' };
  }
  if (trace.error) {
    return { kind: 'program-error', title: `The program raised ${trace.error.type}:`, detail: `${trace.error.message}${trace.error.line ? ` (line ${trace.error.line})` : ''}` };
  }
  return { kind: 'ok', title: 'The program ran to its end.', detail: '' };
}

function syntaxOutcome(e: AlgoscopeError): Outcome {
  const first = e.errors?.[0];
  const line = first?.line ?? e.line;
  return { kind: 'program-error', title: 'The program does not compile:', detail: line ? `line ${line}: ${first?.message ?? e.message}` : e.message, line };
}

const text = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The job the runner runs for `code` (the package's budgets); throws `syntax` (JS/TS). */
export function prepareJob(language: Language, code: string, stdin: string): Promise<TraceJob> {
  return prepare(code, {
    language,
    filename: `program.${EXT[language]}`,
    stdin: stdin === '' ? null : stdin,
    inputHint: 'this program reads input: type it in the Input tab, one line per input() call',
  });
}

export class Session {
  readonly runner: RunnerClient;
  private readonly wasmReady = initWasm(fullWasmUrl);
  private runId = 0;
  private current: { id: number; language: Language; code: string; started: number } | null = null;
  /** Progress text while a run goes on. */
  onStatus: (text: string) => void = () => {};
  /** The end of every run. */
  onResult: (result: RunResult) => void = () => {};

  constructor(runnerPage: 'runner.html' | 'runner-embed.html' = 'runner.html') {
    this.runner = new RunnerClient(runnerPage);
    this.wasmReady.catch(() => {});
    this.runner.onEvent = (event) => void this.event(event);
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Starts a run (ending any other); its result comes to onResult. Returns its id. */
  run(language: Language, code: string, stdin: string): number {
    const id = ++this.runId;
    if (this.current) this.runner.stop();
    this.current = { id, language, code, started: performance.now() };
    this.onStatus('Running…');
    void this.send(id, language, code, stdin);
    return id;
  }

  /** Ends the current run now. */
  stop(): void {
    if (!this.current) return;
    this.runner.stop();
    this.finish({ kind: 'budget', title: 'Stopped: you pressed Stop.', detail: 'The runner was replaced with a fresh one.' });
  }

  private finish(outcome: Outcome, extra: Partial<RunResult> = {}): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    this.onResult({ id: current.id, language: current.language, code: current.code, outcome, elapsedMs: performance.now() - current.started, ...extra });
  }

  private async send(id: number, language: Language, code: string, stdin: string): Promise<void> {
    let job: TraceJob;
    try {
      await this.wasmReady;
      job = await prepareJob(language, code, stdin);
    } catch (e) {
      if (this.current?.id !== id) return;
      this.finish(e instanceof AlgoscopeError && e.kind === 'syntax' ? syntaxOutcome(e) : { kind: 'not-loaded', title: 'The WebAssembly module did not load; nothing ran.', detail: text(e) });
      return;
    }
    if (this.current?.id !== id) return;
    try {
      await this.runner.run({ id, job });
    } catch (e) {
      if (this.current?.id === id) this.finish({ kind: 'not-loaded', title: 'The runner did not load; nothing ran.', detail: text(e) });
    }
  }

  private async event(event: RunnerEvent): Promise<void> {
    const current = this.current;
    if (!current || event.id !== current.id) return;
    switch (event.type) {
      case 'status':
        this.onStatus(event.text);
        return;
      case 'started':
        this.onStatus('Running…');
        return;
      case 'crash':
        this.finish({ kind: 'crash', title: CRASH, detail: event.message });
        return;
      case 'load-failed':
        this.finish({ kind: 'not-loaded', title: 'The runtime did not load; nothing ran.', detail: event.message });
        return;
      case 'records': {
        let trace: Trace;
        try {
          await this.wasmReady;
          trace = assemble(current.code, { language: current.language, filename: `program.${EXT[current.language]}`, cutOff: event.cutOff }, event.records);
        } catch (e) {
          if (e instanceof AlgoscopeError && e.kind === 'syntax') this.finish(syntaxOutcome(e));
          else if (e instanceof AlgoscopeError && /fatal|tracer.*fail|crash/i.test(e.message)) this.finish({ kind: 'crash', title: CRASH, detail: e.message });
          else this.finish({ kind: 'refused', title: 'The run\'s records were refused and nothing is drawn: they are not what the tracer writes.', detail: text(e) });
          return;
        }
        let estimate: Complexity | null = null;
        try {
          estimate = complexity(trace);
        } catch {
          // no estimate: the run is shown without the chip
        }
        this.finish(traceOutcome(trace, event.cutOff), { trace, complexity: estimate, runMs: event.runMs });
        return;
      }
    }
  }
}
