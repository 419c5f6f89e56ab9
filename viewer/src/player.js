// algoscope's stepper player (the ES module of the @algoscope/viewer package).
//
// mount(element, data, options) draws a recorded run inside `element`: the program with the
// line about to run, the memory picture, the loop history and the printed output, one step at
// a time. Each step's pictures are drawn when it is first looked at, by the wasm module
// (bindings/wasm: trace-format, scene and layout compiled to WebAssembly), and kept.
// mount builds the controls and the panes (a module each) and draws each step the
// navigation moves to.
//
// Text that came from the traced program (source, printed output, names, the error, the
// title) is untrusted and only ever goes in with textContent. The SVG comes from our own
// renderer, which escapes the program's text itself, and is the only string set with
// innerHTML.
import initWasm, { Viewer } from '../dist/algoscope_wasm.js';
import { createCodePane } from './code-pane.js';
import { showComplexity } from './complexity-chip.js';
import { el } from './dom.js';
import { createDrawings } from './drawings.js';
import { refitOnResize } from './fit.js';
import { createLoopPane } from './loop-pane.js';
import { createMemoryPane } from './memory-pane.js';
import { createNavigation, keyMove, replaceHash, stepFromHash } from './navigation.js';
import { createOutputPane } from './output-pane.js';
import { createPreparation } from './preparation.js';
import { createViewOptions } from './view-options.js';

/** The player's controls and panes; ids are looked up inside the mounted element only. */
const SKELETON = `<header class="bar">
  <h1 class="page-title"><span class="file" id="title"></span> <span class="lang" id="lang"></span></h1>
  <div class="controls" role="toolbar" aria-label="Step through the run">
    <button type="button" id="first" title="First step (Home)">&#xAB; First</button>
    <button type="button" id="prev" title="Previous step (&#x2190;)">&#x2039; Prev</button>
    <button type="button" id="next" title="Next step (&#x2192;)">Next &#x203A;</button>
    <button type="button" id="last" title="Last step (End)">Last &#xBB;</button>
    <button type="button" id="play" class="play" title="Play the run step by step (Space)" aria-pressed="false">&#x25B6; Play</button>
    <select id="speed" title="Playback speed" aria-label="Playback speed">
      <option value="0.5">0.5&#xD7;</option><option value="1" selected>1&#xD7;</option><option value="2">2&#xD7;</option><option value="4">4&#xD7;</option>
    </select>
    <span class="counter" id="counter" aria-live="polite">step 1 / 1</span>
    <input type="range" id="slider" min="1" max="1" value="1" aria-label="Step">
  </div>
  <div class="where">
    <span class="here" id="where"></span>
    <span class="truncated" id="truncated" hidden></span>
    <span class="sampled" id="sampled" hidden>Long loops were sampled: some of their passes ran without being recorded.</span>
    <button type="button" class="complexity" id="complexity" hidden aria-expanded="false" aria-controls="complexity-panel" title="The program's Big-O estimate from its code, checked against this run"></button>
    <span class="legend"><span><span class="swatch prev"></span>line just run</span><span><span class="swatch current"></span>next line to run</span></span>
  </div>
  <section class="complexity-panel" id="complexity-panel" aria-label="Big-O estimate" hidden></section>
</header>
<main class="panes">
  <section class="pane-left">
    <div class="code-pane" id="code" aria-label="Program"></div>
    <div class="output-pane">
      <h2>Printed so far</h2>
      <pre id="stdout"><span id="stdout-old"></span><span class="new" id="stdout-new"></span></pre>
    </div>
    <div class="error-pane" id="error" role="alert" hidden></div>
  </section>
  <section class="pane-right">
    <div class="memory-box">
      <div class="memory-pane" id="memory" aria-label="Memory"></div>
      <div class="laying-out" id="laying-out" role="status" hidden></div>
      <div class="memory-tools">
        <div class="view-options" role="group" aria-label="How memory is drawn">
          <button type="button" class="fit-toggle" id="memory-nested" aria-pressed="false" title="Nested: objects referenced once drawn inside their holder; off: every object its own box with an arrow">Nested</button>
          <select class="fit-toggle" id="memory-sizes" aria-label="Memory sizes" title="Show how many bytes each object takes, in a memory model"><option value="">No sizes</option></select>
          <button type="button" class="fit-toggle" id="memory-unpin" hidden title="Put every box you dragged back where the layout puts it">Reset boxes</button>
        </div>
        <div class="zoom" role="group" aria-label="Zoom the memory picture">
          <button type="button" class="fit-toggle" id="memory-out" aria-label="Zoom out" title="Zoom out (Ctrl + wheel, or pinch)">&#x2212;</button>
          <button type="button" class="fit-toggle" id="memory-fit" aria-pressed="true" aria-label="Fit the memory picture to the pane" title="Fit the memory picture to the pane's width, or show it at 100%">Fit</button>
          <button type="button" class="fit-toggle" id="memory-in" aria-label="Zoom in" title="Zoom in (Ctrl + wheel, or pinch)">+</button>
        </div>
      </div>
    </div>
    <div class="loop-pane" id="loops" aria-label="Loop history">
      <div class="pane-head">
        <h2>Loop history</h2>
        <button type="button" class="fit-toggle" id="loops-fit" aria-pressed="true" aria-label="Fit the loop history to the pane" title="Fit the loop history to the pane's width, or show it at 100%">Fit</button>
      </div>
      <p class="no-loop" id="no-loop">No loop running at this step.</p>
      <div class="loop-picture" id="loop-picture"></div>
    </div>
  </section>
</main>`;

const LANGUAGES = { python: 'Python', javascript: 'JavaScript', typescript: 'TypeScript' };
const STOPS = {
  steps: 'the step budget ran out', time: 'the time budget ran out',
  memory: 'the program reached the memory limit', output: 'the program printed more than the output limit',
  cpu: 'the program used up its CPU-time limit', processes: 'the program started more processes than allowed',
};

/**
 * Decompresses gzip bytes into text with the browser's DecompressionStream.
 * @param {Uint8Array | ArrayBuffer} bytes
 * @returns {Promise<string>}
 */
export async function gunzipText(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

/**
 * Shows a recorded run in `element` and returns its player.
 *
 * @param {HTMLElement} element  where the player draws itself (its children are replaced)
 * @param {{trace: string | Uint8Array | ArrayBuffer, options?: object, complexity?: object}} data
 *   the trace as JSON text, or as gzip-compressed JSON bytes; `options` as `PlayerOptions`
 *   (schema/player-options.schema.json: `title`, `nested`, `sizes`, `loopRows`);
 *   `complexity`: the program's Big-O estimate and its check (schema/complexity.schema.json),
 *   shown as a chip with a panel
 * @param {{wasm?: any, keyboard?: 'element' | 'document', hash?: boolean, step?: number, source?: boolean, pins?: string}} [settings]
 *   `wasm`: the module (bytes, URL, Response or WebAssembly.Module; default
 *   dist/algoscope_wasm_bg.wasm beside this file); `keyboard`: where arrow keys step
 *   (default the element); `hash`: keep `#step=N` in the address (default false); `step`:
 *   the first step shown (0-based; default 0, or the address's `#step=N` with `hash`);
 *   `source`: show the program pane (default true; false for a host that shows the program
 *   itself, such as an editor that marks the step's lines from the `step` event); `pins`:
 *   the name dragged boxes are kept under for the session (default the language and title:
 *   a host running many programs under one title names each, e.g. by its example)
 * @returns {Promise<Player>} an EventTarget with `goTo(step)`, `step`, `count` and
 *   `destroy()`, dispatching a `step` event (`detail.step`, 0-based) at every step change
 */
export async function mount(element, data, settings = {}) {
  await initWasm(settings.wasm === undefined ? undefined : { module_or_path: settings.wasm });
  const traceText = typeof data.trace === 'string' ? data.trace : await gunzipText(data.trace);
  // The draw options (nested, sizes) are fixed per wasm viewer: switching one makes another.
  const drawOptions = { ...(data.options || {}) };
  const makeViewer = (options) => new Viewer(traceText, JSON.stringify(options));
  const viewer = makeViewer(drawOptions);
  const timeline = JSON.parse(viewer.timeline());
  const title = (data.options && data.options.title) || '';

  element.classList.add('algoscope');
  // A host that shows the program itself (an editor with the lines marked) leaves out ours.
  element.classList.toggle('no-source', settings.source === false);
  element.innerHTML = SKELETON;
  const $ = (id) => element.querySelector('#' + id);
  const ui = {
    first: $('first'), prev: $('prev'), next: $('next'), last: $('last'),
    slider: $('slider'), counter: $('counter'), truncated: $('truncated'), sampled: $('sampled'),
    memory: $('memory'), play: $('play'), speed: $('speed'), lang: $('lang'), title: $('title'),
  };
  ui.title.textContent = title;
  const total = timeline.steps.line.length;
  const player = new EventTarget();
  const cleanups = [];
  let destroyed = false;
  /** Adds an event listener that destroy() removes. */
  const listen = (target, type, handler, options) => {
    target.addEventListener(type, handler, options);
    cleanups.push(() => target.removeEventListener(type, handler, options));
  };
  const dispatch = (type, detail) => player.dispatchEvent(detail === undefined ? new Event(type) : new CustomEvent(type, { detail }));
  const reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  const code = createCodePane({ code: $('code'), where: $('where') }, timeline);
  ui.lang.textContent = LANGUAGES[timeline.language] || '';
  ui.slider.max = String(Math.max(total, 1));
  if (timeline.truncated) {
    const why = STOPS[timeline.stoppedBy] || 'a budget ran out';
    ui.truncated.textContent = 'Stopped early: ' + why + '; the run went on past the last step shown.';
    ui.truncated.hidden = false;
  }
  ui.sampled.hidden = !timeline.sampled;
  showComplexity({ chip: $('complexity'), panel: $('complexity-panel'), root: element, estimate: data.complexity, listen });

  const drawings = createDrawings(viewer, { root: element, timeline, cleanups });
  const memory = createMemoryPane(
    { memory: ui.memory, fit: $('memory-fit'), zoomIn: $('memory-in'), zoomOut: $('memory-out'), unpin: $('memory-unpin'), layingOut: $('laying-out') },
    {
      drawings,
      stepShown: () => nav.step,
      pins: settings.pins ?? timeline.language + ':' + title,
      listen,
      onPin: (key, at) => dispatch('pin', { key, x: at[0], y: at[1] }),
    },
  );
  const loops = createLoopPane({ loops: $('loops'), picture: $('loop-picture'), noLoop: $('no-loop'), fit: $('loops-fit') }, { drawings, listen });
  const output = createOutputPane({ stdout: $('stdout'), stdoutOld: $('stdout-old'), stdoutNew: $('stdout-new'), error: $('error') }, timeline);
  refitOnResize(new Map([[ui.memory, () => memory.fit()], [$('loop-picture'), () => loops.fit()]]), cleanups);

  const nav = createNavigation({
    total,
    draw,
    speed: () => Number(ui.speed.value),
    onPlay() {
      ui.play.innerHTML = '&#x275A;&#x275A; Pause';
      ui.play.setAttribute('aria-pressed', 'true');
      element.dataset.playing = 'true';
      dispatch('play');
    },
    onPause() {
      ui.play.innerHTML = '&#x25B6; Play';
      ui.play.setAttribute('aria-pressed', 'false');
      delete element.dataset.playing;
      dispatch('pause');
    },
  });
  const ahead = createPreparation({
    drawings,
    total,
    target: () => nav.step,
    // The step event went out with the jump; this draws its pictures.
    arrive: (options) => nav.redraw({ ...options, quiet: true }),
    waiting: (to, laidOut) => memory.waiting(true, to, laidOut),
  });
  createViewOptions({ nested: $('memory-nested'), sizes: $('memory-sizes') }, {
    drawOptions,
    sizeModels: timeline.sizeModels || [],
    drawings,
    makeViewer,
    listen,
    onRedraw(detail) {
      // The same step drawn afresh (a late one is laid out in slices, as a far jump).
      nav.redraw({ quiet: true, fromHash: true });
      ahead.inBackground();
      dispatch('options', detail);
    },
  });

  // Step i after a move from step `from`: the controls and the text at once; the pictures too,
  // unless the jump is far (preparation.js), when they follow once laid out. Layout is read
  // once, after every write, and the writes that depend on it come last: reading it between
  // writes made the browser lay the page out four times a step.
  function draw(i, from, options) {
    const animate = !reduceMotion && from >= 0 && Math.abs(i - from) === 1;
    ui.counter.textContent = 'step ' + (i + 1) + ' / ' + total + (timeline.truncated ? '+' : '');
    ui.slider.value = String(i + 1);
    ui.first.disabled = ui.prev.disabled = i === 0;
    ui.next.disabled = ui.last.disabled = i === total - 1;
    code.show(i);
    const far = ahead.isFar(i);
    let memoryChanged = false;
    let loopChanged = false;
    if (!far) {
      // Near: a catch-up still pending for an earlier far jump is not needed any more.
      ahead.cancelCatchUp();
      memory.waiting(false);
      memoryChanged = memory.show(i, animate);
      loopChanged = loops.show(i);
    }
    const printed = output.show(i);
    code.markError(output.showError(i));
    const memoryRoom = memoryChanged ? memory.room() : null;
    const loopRoom = loopChanged && loops.showing ? loops.room() : null;
    const loopAt = !far && loops.showing ? loops.rowScroll() : null;
    const codeTop = code.scrollFor(i);
    const stdoutEnd = printed ? output.end() : null;
    if (memoryChanged) memory.fit(memoryRoom);
    if (loopRoom !== null) loops.fit(loopRoom);
    if (loopAt) loops.scrollToCurrentRow(loopAt);
    if (codeTop !== null) code.scrollTo(codeTop);
    if (stdoutEnd !== null) output.scrollTo(stdoutEnd);
    if (far) {
      // `data-step` still names the step drawn last.
      if (!options.quiet) dispatch('step', { step: i });
      ahead.catchUp(options);
      return;
    }
    element.dataset.step = String(i + 1);
    ahead.neighbours(i);
    if (!options.quiet) dispatch('step', { step: i });
    if (settings.hash && !options.fromHash) replaceHash(i);
  }

  listen(ui.first, 'click', () => nav.go(0));
  listen(ui.prev, 'click', () => nav.go(nav.step - 1));
  listen(ui.next, 'click', () => nav.go(nav.step + 1));
  listen(ui.last, 'click', () => nav.go(total - 1));
  listen(ui.slider, 'input', () => nav.go(Number(ui.slider.value) - 1));
  if (settings.hash) listen(window, 'hashchange', () => {
    const s = stepFromHash(location.hash, total);
    if (s !== null) nav.go(s, { fromHash: true });
  });
  listen(ui.play, 'click', () => nav.toggle());
  listen(ui.speed, 'change', () => nav.retime());
  listen(settings.keyboard === 'document' ? document : element, 'keydown', (event) => {
    // The slider moves itself with these keys and reports it through its input event.
    if (event.target === ui.slider) return;
    const move = keyMove(event, nav.step, total);
    if (move === null) return;
    // Space on a button or a list is theirs (it presses them).
    if (move === 'play' && event.target instanceof Element && event.target.closest('button, select, input, textarea, a')) return;
    event.preventDefault();
    if (move === 'play') nav.toggle();
    else nav.go(move);
  });

  if (total === 0) {
    ui.counter.textContent = 'no steps recorded';
    ui.memory.append(el('p', 'no-steps', 'The run recorded no steps.'));
    for (const b of [ui.first, ui.prev, ui.next, ui.last, ui.slider, ui.play, ui.speed]) b.disabled = true;
    element.dataset.step = '0';
  } else {
    const fromHash = settings.hash ? stepFromHash(location.hash, total) : null;
    nav.go(fromHash !== null ? fromHash : settings.step || 0, { fromHash: true });
    ahead.inBackground();
  }

  Object.defineProperties(player, {
    step: { get: () => nav.step, enumerable: true },
    count: { value: total, enumerable: true },
    playing: { get: () => nav.playing, enumerable: true },
  });
  /** Shows step `i` (0-based, clamped to the run); pauses playback. */
  player.goTo = (i) => nav.go(i);
  /** Plays the run from the step shown (from the first when at the last). */
  player.play = () => nav.play();
  /** Pauses playback. */
  player.pause = () => nav.pause();
  /** Removes the player from its element and frees the wasm viewer. */
  player.destroy = () => {
    if (destroyed) return;
    destroyed = true;
    nav.pause();
    ahead.stop();
    for (const undo of cleanups) undo();
    element.replaceChildren();
    drawings.free();
  };
  return player;
}
