// algoscope's stepper player (the ES module of the @algoscope/viewer package).
//
// mount(element, data, options) draws a recorded run inside `element`: the program with the
// line about to run, the memory picture, the loop history and the printed output, one step at
// a time. Each step's pictures are drawn when it is first looked at, by the wasm module
// (bindings/wasm: trace-format, scene and layout compiled to WebAssembly), and kept.
//
// Text that came from the traced program (source, printed output, names, the error, the
// title) is untrusted and only ever goes in with textContent. The SVG comes from our own
// renderer, which escapes the program's text itself, and is the only string set with
// innerHTML.
import initWasm, { Viewer } from '../dist/algoscope_wasm.js';
import { showComplexity } from './complexity-chip.js';
import { el } from './dom.js';
import { attachGestures } from './gestures.js';
import { forgetSvg, showSvg } from './patch.js';

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

/** Steps laid out per idle slice while the page waits (see `prepareInBackground`). */
const PREPARE_SLICE = 25;

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
  let viewer = new Viewer(traceText, JSON.stringify(drawOptions));
  const timeline = JSON.parse(viewer.timeline());
  const title = (data.options && data.options.title) || '';

  element.classList.add('algoscope');
  // A host that shows the program itself (an editor with the lines marked) leaves out ours.
  element.classList.toggle('no-source', settings.source === false);
  element.innerHTML = SKELETON;
  const $ = (id) => element.querySelector('#' + id);
  const ui = {
    first: $('first'), prev: $('prev'), next: $('next'), last: $('last'),
    slider: $('slider'), counter: $('counter'), where: $('where'), truncated: $('truncated'), sampled: $('sampled'),
    code: $('code'), memory: $('memory'), stdout: $('stdout'),
    loops: $('loops'), loopPicture: $('loop-picture'), noLoop: $('no-loop'),
    memoryFit: $('memory-fit'), loopsFit: $('loops-fit'), memoryIn: $('memory-in'), memoryOut: $('memory-out'),
    nested: $('memory-nested'), sizes: $('memory-sizes'), unpin: $('memory-unpin'), layingOut: $('laying-out'),
    play: $('play'), speed: $('speed'), complexity: $('complexity'), complexityPanel: $('complexity-panel'),
    stdoutOld: $('stdout-old'), stdoutNew: $('stdout-new'), error: $('error'), lang: $('lang'),
  };
  ui.title = $('title');
  ui.title.textContent = title;
  const steps = timeline.steps;
  const total = steps.line.length;
  const player = new EventTarget();
  const cleanups = [];
  let destroyed = false;
  let preparing = 0;
  /** The last step the wasm viewer has laid out (its box positions kept), -1 for none. */
  let laidOut = -1;
  /** Adds an event listener that destroy() removes. */
  const listen = (target, type, handler) => {
    target.addEventListener(type, handler);
    cleanups.push(() => target.removeEventListener(type, handler));
  };

  const LANGUAGES = { python: 'Python', javascript: 'JavaScript', typescript: 'TypeScript' };
  const EVENTS = {
    call: 'entering the function', return: 'returning', exception: 'exception raised',
    yield: 'yielding', await: 'awaiting', resume: 'resuming',
  };
  const STOPS = {
    steps: 'the step budget ran out', time: 'the time budget ran out',
    memory: 'the program reached the memory limit', output: 'the program printed more than the output limit',
    cpu: 'the program used up its CPU-time limit', processes: 'the program started more processes than allowed',
  };
  const reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;


  // The program, one row per line: number and text, both as plain text.
  const lineRows = [null];
  (function buildCode() {
    const lines = timeline.source.split(/\r\n|\r|\n/);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const frag = document.createDocumentFragment();
    lines.forEach((text, i) => {
      const row = el('div', 'line');
      row.dataset.line = String(i + 1);
      row.append(el('span', 'no', String(i + 1)), el('span', 'text', text));
      frag.append(row);
      lineRows.push(row);
    });
    ui.code.append(frag);
  })();

  ui.lang.textContent = LANGUAGES[timeline.language] || '';
  ui.slider.max = String(Math.max(total, 1));
  if (timeline.truncated) {
    const why = STOPS[timeline.stoppedBy] || 'a budget ran out';
    ui.truncated.textContent = 'Stopped early: ' + why + '; the run went on past the last step shown.';
    ui.truncated.hidden = false;
  }

  ui.sampled.hidden = !timeline.sampled;
  showComplexity({ chip: ui.complexity, panel: ui.complexityPanel, root: element, estimate: data.complexity, listen });

  let current = -1;
  let shownSvg = null;
  let shownLoop = null;
  const marked = { 'is-current': null, 'is-prev': null, 'is-error': null };

  function mark(cls, line) {
    const row = (line && lineRows[line]) || null;
    if (marked[cls] === row) return;
    if (marked[cls]) marked[cls].classList.remove(cls);
    if (row) row.classList.add(cls);
    marked[cls] = row;
  }

  /** Where the code pane must scroll to show `line` (null: it is in view). Reads layout. */
  function lineScroll(line) {
    const row = lineRows[line];
    if (!row) return null;
    const box = ui.code;
    const top = row.offsetTop;
    const bottom = top + row.offsetHeight;
    if (top >= box.scrollTop && bottom <= box.scrollTop + box.clientHeight) return null;
    return Math.max(0, top - box.clientHeight / 3);
  }

  function showWhere(i) {
    const parts = [el('span', 'lineno', 'line ' + steps.line[i])];
    const func = timeline.funcs[steps.func[i]];
    if (func) {
      const inFunc = el('span', null, 'in ');
      inFunc.append(el('span', 'func', func));
      parts.push(inFunc);
    }
    if (steps.depth[i] > 0) parts.push(el('span', 'depth', 'call depth ' + steps.depth[i]));
    const event = EVENTS[steps.event[i]];
    if (event) parts.push(el('span', 'event', event));
    const skipped = steps.skipped[i];
    if (skipped) {
      parts.push(el('span', 'skipped', skipped.toLocaleString('en-US') + ' steps of a long loop ran here unrecorded'));
    }
    ui.where.replaceChildren(...parts);
  }

  // Pictures are drawn by the wasm module when a step is first shown and kept (the latest
  // KEEP steps of each kind), so stepping back and forth redraws nothing.
  const KEEP = 400;
  function memo(draw) {
    const kept = new Map();
    const get = function (i) {
      if (kept.has(i)) return kept.get(i);
      const svg = draw(i);
      kept.set(i, svg);
      if (kept.size > KEEP) kept.delete(kept.keys().next().value);
      return svg;
    };
    get.clear = () => kept.clear();
    return get;
  }
  // Every SVG carries its stylesheet, so that a saved picture draws alone. A <style> parsed
  // into the page restyles the whole document, at every step: the player installs each
  // distinct sheet once, in its root, and shows the drawings without theirs.
  const sheets = new Set();
  function withoutStyle(svg) {
    const m = /<style>([\s\S]*?)<\/style>/.exec(svg);
    if (!m) return svg;
    if (!sheets.has(m[1])) {
      sheets.add(m[1]);
      const sheet = document.createElement('style');
      sheet.className = 'algoscope-sheet';
      sheet.textContent = m[1];
      element.append(sheet);
      cleanups.push(() => sheet.remove());
    }
    return svg.slice(0, m.index) + svg.slice(m.index + m[0].length);
  }
  // Boxes a person dragged (box key → top-left in diagram units), drawn there at every step.
  const pins = new Map();
  const memorySvgOf = memo((i) => {
    const svg = pins.size ? viewer.memorySvgPinned(i, [...pins.keys()].join('\n'), new Float64Array([...pins.values()].flat())) : viewer.memorySvg(i);
    laidOut = Math.max(laidOut, i);
    return withoutStyle(svg);
  });
  const loopSvgOf = memo((i) => (steps.inLoop[i] ? withoutStyle(viewer.loopSvg(i) || '') : ''));

  // Where each top-level box is, by its data-key, read from the attributes the renderer wrote
  // (diagram units), never from layout, so stepping never forces a reflow.
  function boxPositions() {
    const at = new Map();
    for (const node of ui.memory.querySelectorAll('g.node[data-key]')) {
      if (node.parentElement && node.parentElement.closest('g.node')) continue;
      at.set(node.getAttribute('data-key'), [Number(node.getAttribute('data-x')), Number(node.getAttribute('data-y'))]);
    }
    return at;
  }

  // Fit mode, per pane: the picture is drawn at `scale` (its width fits the pane's content box,
  // never above 1, never below MIN_SCALE, below which the pane scrolls instead) by setting its
  // CSS width and height; its viewBox maps the diagram units onto them, so the renderer's
  // data-x/y/w/h are untouched and stay in diagram units. Off: the picture at 100% (1 unit = 1
  // px), the pane scrolls. The choice is kept for the page's session (sessionStorage).
  const MIN_SCALE = 0.4;
  function storedFit(name) {
    try {
      return sessionStorage.getItem('algoscope-fit-' + name) !== 'off';
    } catch (e) {
      return true;
    }
  }
  const fit = { memory: storedFit('memory'), loops: storedFit('loops') };
  const scaleOf = { memory: 1, loops: 1 };
  /** The memory picture's scale set by hand (zoom buttons, Ctrl + wheel); null: Fit / 100%. */
  let zoom = null;

  /** The width (px) of `box`'s content, padding excluded. Reads layout. */
  function roomOf(box) {
    const style = getComputedStyle(box);
    return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }

  /** The scale fit mode gives a picture `width` units wide in `room` px. */
  function fitScale(room, width) {
    if (!(width > 0) || !(room > 0)) return 1;
    return Math.max(MIN_SCALE, Math.min(1, room / width));
  }

  /** Draws `svg` at `scale` (1: its own width and height attributes). */
  function scaleSvg(svg, scale) {
    if (scale === 1) {
      svg.style.removeProperty('width');
      svg.style.removeProperty('height');
      return;
    }
    svg.style.width = Number(svg.getAttribute('width')) * scale + 'px';
    svg.style.height = Number(svg.getAttribute('height')) * scale + 'px';
  }

  // Each fit takes the pane's room when the caller measured it already (see `show`).
  function fitMemory(room) {
    const svg = ui.memory.querySelector(':scope > svg');
    if (!svg) return;
    const width = Number(svg.getAttribute('width'));
    const scale = zoom ?? (fit.memory ? fitScale(room ?? roomOf(ui.memory), width) : 1);
    scaleOf.memory = scale;
    scaleSvg(svg, scale);
  }

  function fitLoops(room) {
    const svgs = ui.loopPicture.querySelectorAll(':scope > svg');
    const main = ui.loopPicture.querySelector(':scope > svg:not(.loop-heads)');
    if (!main) return;
    const width = Number(main.getAttribute('width'));
    const scale = fit.loops ? fitScale(room ?? roomOf(ui.loopPicture), width) : 1;
    scaleOf.loops = scale;
    for (const svg of svgs) scaleSvg(svg, scale);
    // The pinned heads sit over the drawing's own, which is pulled up by their height.
    if (headsHeight) main.style.marginTop = -headsHeight * scale + 'px';
  }

  function showFit(button, on) {
    button.textContent = on ? 'Fit' : '100%';
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
  }

  function toggleFit(name, button, refit) {
    fit[name] = !fit[name];
    try {
      sessionStorage.setItem('algoscope-fit-' + name, fit[name] ? 'on' : 'off');
    } catch (e) {
      // Storage may be refused (some file:// contexts); the toggle still works on this page.
    }
    showFit(button, fit[name]);
    refit();
  }

  showFit(ui.memoryFit, fit.memory);
  showFit(ui.loopsFit, fit.loops);
  listen(ui.memoryFit, 'click', () => {
    if (zoom === null) {
      toggleFit('memory', ui.memoryFit, () => fitMemory());
      return;
    }
    // Zoomed by hand: back to fitting the pane.
    zoom = null;
    if (!fit.memory) toggleFit('memory', ui.memoryFit, () => {});
    showFit(ui.memoryFit, fit.memory);
    fitMemory();
  });

  // Zoom: the buttons and Ctrl + wheel (a trackpad's pinch) scale the memory picture by hand,
  // from MIN_SCALE to MAX_ZOOM, keeping the point under the pointer (or the pane's centre)
  // where it is; the scale then holds from step to step until Fit is pressed.
  const MAX_ZOOM = 4;
  const ZOOM_STEP = 1.25;
  function zoomTo(scale, at) {
    const pane = ui.memory;
    if (!pane.querySelector(':scope > svg')) return;
    const next = Math.max(MIN_SCALE, Math.min(MAX_ZOOM, scale));
    const box = pane.getBoundingClientRect();
    const px = at ? at.x - box.left : pane.clientWidth / 2;
    const py = at ? at.y - box.top : pane.clientHeight / 2;
    const x = (pane.scrollLeft + px) / scaleOf.memory;
    const y = (pane.scrollTop + py) / scaleOf.memory;
    zoom = next;
    fitMemory();
    ui.memoryFit.textContent = Math.round(next * 100) + '%';
    ui.memoryFit.setAttribute('aria-pressed', 'false');
    pane.scrollLeft = x * next - px;
    pane.scrollTop = y * next - py;
  }
  listen(ui.memoryIn, 'click', () => zoomTo(scaleOf.memory * ZOOM_STEP));
  listen(ui.memoryOut, 'click', () => zoomTo(scaleOf.memory / ZOOM_STEP));
  const onWheel = (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoomTo(scaleOf.memory * Math.exp(-event.deltaY * 0.002), { x: event.clientX, y: event.clientY });
  };
  ui.memory.addEventListener('wheel', onWheel, { passive: false });
  cleanups.push(() => ui.memory.removeEventListener('wheel', onWheel));

  // Drag a box: press on a frame or an object (a tree or a graph moves as one block, by its
  // root) and move it. The picture is drawn again at each animation frame with the box pinned
  // where it is (the wasm layout routes the arrows to it and moves the other boxes out of its
  // way), at the scale it had when the drag began. It stays there at every step and, by its
  // key (the object's id), for later runs of the same program title in this session (the web
  // app mounts a player per run). Reset boxes forgets every pin.
  const pinsKey = 'algoscope-pins:' + (settings.pins ?? timeline.language + ':' + title);
  try {
    for (const [key, at] of Object.entries(JSON.parse(sessionStorage.getItem(pinsKey) || '{}'))) {
      if (Array.isArray(at) && at.length === 2 && at.every(Number.isFinite)) pins.set(key, at);
    }
  } catch (e) {
    // no storage, or not ours: no pins
  }
  function pinsChanged(save) {
    ui.unpin.hidden = pins.size === 0;
    memorySvgOf.clear();
    if (current >= 0 && showMemory(current, false)) fitMemory();
    if (!save) return;
    try {
      if (pins.size) sessionStorage.setItem(pinsKey, JSON.stringify(Object.fromEntries(pins)));
      else sessionStorage.removeItem(pinsKey);
    } catch (e) {
      // the pins last as long as the page
    }
  }
  ui.unpin.hidden = pins.size === 0;
  listen(ui.unpin, 'click', () => {
    pins.clear();
    pinsChanged(true);
  });
  // Pinch, pan and box drags (gestures.js): a drag keeps the picture's scale while the box
  // moves, draws the step with the box pinned at each frame, and keeps the pin on drop.
  let held = null;
  attachGestures(ui.memory, {
    listen,
    scale: () => scaleOf.memory,
    zoomTo,
    drag: {
      start() {
        held = zoom;
        zoom = scaleOf.memory; // the picture keeps its scale while it grows under the pointer
      },
      move(key, at) {
        pins.set(key, at);
        pinsChanged(false);
      },
      drop(key, at) {
        zoom = held;
        pins.set(key, at);
        pinsChanged(true);
        fitMemory();
        player.dispatchEvent(new CustomEvent('pin', { detail: { key, x: at[0], y: at[1] } }));
      },
    },
  });
  listen(ui.loopsFit, 'click', () => {
    toggleFit('loops', ui.loopsFit, () => fitLoops());
    if (shownLoop) scrollToCurrentRow(rowScroll());
  });
  // A pane that changes width (window resized, loop pane appearing) fits its picture again.
  if (typeof ResizeObserver === 'function') {
    const widths = new Map();
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const w = entry.contentRect.width;
        if (widths.get(entry.target) === w) continue;
        widths.set(entry.target, w);
        if (entry.target === ui.memory) fitMemory();
        else fitLoops();
      }
    });
    observer.observe(ui.memory);
    observer.observe(ui.loopPicture);
    cleanups.push(() => observer.disconnect());
  }

  function showMemory(i, animate) {
    let svg;
    try {
      svg = memorySvgOf(i);
    } catch (err) {
      ui.memory.textContent = 'This step cannot be drawn: ' + (err && err.message);
      forgetSvg(ui.memory);
      shownSvg = null;
      return false;
    }
    if (shownSvg === svg) return false;
    const before = animate ? boxPositions() : null;
    showSvg(ui.memory, svg);
    shownSvg = svg;
    if (!before || typeof Element.prototype.animate !== 'function') return true;
    for (const [key, [x, y]] of boxPositions()) {
      const was = before.get(key);
      if (!was) continue;
      const dx = was[0] - x;
      const dy = was[1] - y;
      if (!dx && !dy) continue;
      const node = ui.memory.querySelector('g.node[data-key="' + CSS.escape(key) + '"]');
      if (!node) continue;
      // A CSS transform replaces the group's transform attribute while it plays, so the
      // animation carries the group's own translation and slides from the old spot to it.
      const own = (node.getAttribute('transform') || '').match(/translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)/);
      const tx = own ? Number(own[1]) : 0;
      const ty = own ? Number(own[2]) : 0;
      node.animate(
        [
          { transform: 'translate(' + (tx + dx) + 'px,' + (ty + dy) + 'px)' },
          { transform: 'translate(' + tx + 'px,' + ty + 'px)' },
        ],
        { duration: 180, easing: 'ease-out' },
      );
    }
    return true;
  }

  // The loop running at step i: its history (rebuilt only when its SVG differs from the one
  // shown); returns whether it changed. `show` then fits it and scrolls to the current row.
  function showLoops(i) {
    let svg = '';
    try {
      svg = loopSvgOf(i);
    } catch (err) {
      svg = ''; // the memory pane reports a step that cannot be drawn
    }
    const running = svg.length > 0;
    ui.noLoop.textContent = 'No loop running at this step.';
    ui.noLoop.hidden = running;
    ui.loops.classList.toggle('is-idle', !running);
    if (shownLoop === svg) return false;
    if (running) {
      // The pinned heads are a copy of the drawing's: made again for every drawing.
      for (const heads of ui.loopPicture.querySelectorAll(':scope > svg.loop-heads')) heads.remove();
      showSvg(ui.loopPicture, svg);
      pinColumnHeads();
    } else {
      ui.loopPicture.replaceChildren();
      forgetSvg(ui.loopPicture);
    }
    shownLoop = svg;
    return true;
  }

  // Repeats the drawing's column heads (names and indices, `g.loop-columns`, between y = 0
  // and its data-h) in a small SVG that sticks to the top of the pane while the rows scroll
  // under it. The copy covers the original exactly when the pane is scrolled to the top.
  let headsHeight = 0;
  function pinColumnHeads() {
    headsHeight = 0;
    const svg = ui.loopPicture.querySelector('svg');
    if (svg) svg.style.removeProperty('margin-top');
    const heads = svg && svg.querySelector('g.loop-columns[data-h]');
    if (!heads) return;
    const w = svg.getAttribute('width');
    const h = Number(heads.getAttribute('data-h'));
    // The namespace comes from the drawing itself, so the page names no address anywhere.
    const pinned = document.createElementNS(svg.namespaceURI, 'svg');
    pinned.setAttribute('class', svg.getAttribute('class') + ' loop-heads');
    pinned.setAttribute('width', w);
    pinned.setAttribute('height', String(h));
    pinned.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    const paper = document.createElementNS(svg.namespaceURI, 'rect');
    paper.setAttribute('class', 'paper');
    paper.setAttribute('width', '100%');
    paper.setAttribute('height', '100%');
    pinned.append(paper, heads.cloneNode(true));
    svg.style.marginTop = -h + 'px';
    ui.loopPicture.prepend(pinned);
    headsHeight = h;
  }

  // Brings the current pass's row (class `current` in the drawing) into view, reading its
  // place from the renderer's data-y/data-h (diagram units, times the fit scale in CSS px) so
  // no layout is forced.
  /** The loop pane's scroll position and height (px). Reads layout. */
  function rowScroll() {
    return { top: ui.loopPicture.scrollTop, height: ui.loopPicture.clientHeight };
  }

  /** Scrolls the loop pane (measured as `at`, from `rowScroll`) so the current row shows. */
  function scrollToCurrentRow(at) {
    const row = ui.loopPicture.querySelector('g.loop-row.current[data-y]');
    if (!row) return;
    const scale = scaleOf.loops;
    const top = Number(row.getAttribute('data-y')) * scale;
    const bottom = top + Number(row.getAttribute('data-h')) * scale;
    // The pinned column heads cover the pane's top `headsHeight` units.
    if (top < at.top + headsHeight * scale || bottom > at.top + at.height) {
      ui.loopPicture.scrollTop = Math.max(0, bottom - at.height + 24);
    }
  }

  function showOutput(i) {
    const end = steps.out[i];
    const start = i > 0 ? Math.min(steps.out[i - 1], end) : 0;
    ui.stdoutOld.textContent = timeline.stdout.slice(0, start);
    ui.stdoutNew.textContent = timeline.stdout.slice(start, end);
    ui.stdout.classList.toggle('is-empty', end === 0);
    return end > start;
  }

  function showError(i) {
    const err = timeline.error;
    const atEnd = err && i === total - 1;
    if (atEnd && ui.error.hidden) {
      const parts = [el('span', 'type', err.type), document.createTextNode(': '), el('span', 'message', err.message)];
      if (err.line) parts.push(document.createTextNode(' (line ' + err.line + ')'));
      ui.error.replaceChildren(...parts);
    }
    ui.error.hidden = !atEnd;
    mark('is-error', atEnd ? err.line : null);
  }

  function show(target, options) {
    if (total === 0) return;
    if (!(options && options.playing)) pause();
    const i = Math.max(0, Math.min(total - 1, target | 0));
    if (i === current) return;
    const animate = !reduceMotion && current >= 0 && Math.abs(i - current) === 1;
    current = i;
    ui.counter.textContent = 'step ' + (i + 1) + ' / ' + total + (timeline.truncated ? '+' : '');
    ui.slider.value = String(i + 1);
    ui.first.disabled = ui.prev.disabled = i === 0;
    ui.next.disabled = ui.last.disabled = i === total - 1;
    const line = steps.line[i];
    const before = i > 0 ? steps.line[i - 1] : null;
    mark('is-current', line);
    mark('is-prev', before !== line ? before : null);
    showWhere(i);
    if (i > laidOut + farSteps()) {
      // A far jump: the text now, the pictures once the steps before are laid out.
      const printed = showOutput(i);
      showError(i);
      const codeTop = lineScroll(line);
      const stdoutEnd = printed ? ui.stdout.scrollHeight : null;
      if (codeTop !== null) ui.code.scrollTop = codeTop;
      if (stdoutEnd !== null) ui.stdout.scrollTop = stdoutEnd;
      if (!(options && options.quiet)) player.dispatchEvent(new CustomEvent('step', { detail: { step: i } }));
      catchUp(options);
      return;
    }
    // Near: a catch-up still pending for an earlier far jump is not needed any more.
    if (catching !== null) {
      clearTimeout(catching);
      catching = null;
    }
    waiting(false);
    const memoryChanged = showMemory(i, animate);
    const loopChanged = showLoops(i);
    const printed = showOutput(i);
    showError(i);
    // Layout is read once, after every write above, and the writes that depend on it come
    // last: reading it between writes made the browser lay the page out four times a step.
    const memoryRoom = memoryChanged ? roomOf(ui.memory) : null;
    const loopRoom = loopChanged && shownLoop ? roomOf(ui.loopPicture) : null;
    const loopAt = shownLoop ? rowScroll() : null;
    const codeTop = lineScroll(line);
    const stdoutEnd = printed ? ui.stdout.scrollHeight : null;
    if (memoryChanged) fitMemory(memoryRoom);
    if (loopRoom !== null) fitLoops(loopRoom);
    if (loopAt) scrollToCurrentRow(loopAt);
    if (codeTop !== null) ui.code.scrollTop = codeTop;
    if (stdoutEnd !== null) ui.stdout.scrollTop = stdoutEnd;
    element.dataset.step = String(i + 1);
    drawNeighboursWhenIdle(i);
    if (!(options && options.quiet)) player.dispatchEvent(new CustomEvent('step', { detail: { step: i } }));
    if (settings.hash && !(options && options.fromHash)) {
      try {
        history.replaceState(null, '', '#step=' + (i + 1));
      } catch (e) {
        // Some file:// contexts refuse history changes; the page works without them.
      }
    }
  }

  // Far jumps in bounded time. Drawing step i lays out every step before it not laid out yet
  // (boxes stay put from step to step: the command line's pictures), a few ms a step on a
  // large run. A jump further past the laid-out steps than about FAR_MS of work shows the
  // step's counter, line and output at once, then lays out the steps between in slices of
  // SLICE_MS, yielding to the page after each (it stays responsive; a new jump retargets),
  // and draws the pictures when it gets there. Meanwhile the memory pane says what it does,
  // and `data-step` still names the step drawn last.
  const FAR_MS = 50;
  const SLICE_MS = 24;
  let msPerStep = 1;
  let catching = null;
  const farSteps = () => Math.max(4, Math.floor(FAR_MS / msPerStep));
  function waiting(on, step) {
    ui.memory.classList.toggle('is-waiting', on);
    ui.layingOut.hidden = !on;
    if (on) ui.layingOut.textContent = 'Laying out the steps up to ' + (step + 1) + '… ' + Math.floor(((laidOut + 1) * 100) / (step + 1)) + '%';
  }
  function catchUp(options) {
    waiting(true, current);
    if (catching !== null) return; // the slice running reads `current` as its target
    const slice = () => {
      catching = null;
      if (destroyed) return;
      const target = current;
      const start = performance.now();
      let done = 0;
      try {
        while (laidOut < target - 1 && performance.now() - start < SLICE_MS) {
          viewer.prepare(laidOut + 1);
          laidOut += 1;
          done += 1;
        }
      } catch (err) {
        laidOut = target - 1; // drawing the step reports it
      }
      if (done > 0) msPerStep = 0.7 * msPerStep + 0.3 * ((performance.now() - start) / done);
      if (laidOut < target - 1) {
        waiting(true, target);
        catching = setTimeout(slice, 0);
        return;
      }
      // The step event went out with the jump; this draws its pictures.
      current = -1;
      show(target, { ...options, playing: true, quiet: true });
    };
    catching = setTimeout(slice, 0);
  }

  // Next and Prev are the usual moves: once step i is on screen, the steps beside it are drawn
  // while the page is idle, so that pressing either finds its pictures ready.
  const idle = window.requestIdleCallback || ((f) => setTimeout(f, 16));
  const cancelIdle = window.cancelIdleCallback || clearTimeout;
  let neighbours = null;
  function drawNeighboursWhenIdle(i) {
    if (neighbours !== null) cancelIdle(neighbours);
    neighbours = idle(() => {
      neighbours = null;
      for (const j of [i + 1, i - 1]) {
        if (destroyed || j < 0 || j >= total) continue;
        try {
          memorySvgOf(j);
          loopSvgOf(j);
        } catch (err) {
          // reported when that step is shown
        }
      }
    });
  }

  // Playback: one step every PLAY_MS ms at 1× (the speed list divides it), boxes sliding as
  // Next slides them; it stops at the last step, and any other move (a button, a key, the
  // slider, goTo) pauses it. Play on the last step starts again from the first.
  const PLAY_MS = 700;
  let playing = null;
  function tick() {
    if (current >= total - 1) pause();
    else show(current + 1, { playing: true });
  }
  function play() {
    if (playing !== null || total < 2) return;
    if (current >= total - 1) show(0);
    playing = setInterval(tick, PLAY_MS / Number(ui.speed.value));
    ui.play.innerHTML = '&#x275A;&#x275A; Pause';
    ui.play.setAttribute('aria-pressed', 'true');
    element.dataset.playing = 'true';
    player.dispatchEvent(new Event('play'));
  }
  function pause() {
    if (playing === null) return;
    clearInterval(playing);
    playing = null;
    ui.play.innerHTML = '&#x25B6; Play';
    ui.play.setAttribute('aria-pressed', 'false');
    delete element.dataset.playing;
    player.dispatchEvent(new Event('pause'));
  }

  // How memory is drawn: nested mode, and the memory-size model (those that fit the
  // language: timeline.sizeModels). A switch makes a new wasm viewer with the options and
  // redraws the step shown; the choice is kept for the session (a host that mounts a player
  // per run keeps it), over the options the page was made with.
  const SIZE_LABELS = { python: 'CPython sizes', textbook: 'Textbook sizes', v8: 'V8 sizes' };
  const sizeModels = timeline.sizeModels || [];
  for (const model of sizeModels) {
    const option = el('option', null, SIZE_LABELS[model] || model);
    option.value = model;
    ui.sizes.append(option);
  }
  ui.sizes.hidden = sizeModels.length === 0;
  function showViewOptions() {
    ui.nested.setAttribute('aria-pressed', String(Boolean(drawOptions.nested)));
    ui.sizes.value = drawOptions.sizes || '';
  }
  function stored(name) {
    try {
      return sessionStorage.getItem('algoscope-' + name);
    } catch (e) {
      return null;
    }
  }
  function store(name, value) {
    try {
      sessionStorage.setItem('algoscope-' + name, value);
    } catch (e) {
      // file:// pages without storage: the switch lasts as long as the page
    }
  }
  /** Draws with `changes` to the options; false (and nothing changed) when they do not fit. */
  function redrawWith(changes) {
    const next = { ...drawOptions, ...changes };
    let made;
    try {
      made = new Viewer(traceText, JSON.stringify(next));
    } catch (err) {
      showViewOptions();
      return false;
    }
    viewer.free();
    viewer = made;
    laidOut = -1;
    Object.assign(drawOptions, changes);
    memorySvgOf.clear();
    loopSvgOf.clear();
    showViewOptions();
    if (current >= 0) {
      // The same step drawn afresh (a late one is laid out in slices, as a far jump).
      const step = current;
      current = -1;
      show(step, { playing: true, quiet: true, fromHash: true });
    }
    prepareInBackground();
    player.dispatchEvent(new CustomEvent('options', { detail: { nested: Boolean(drawOptions.nested), sizes: drawOptions.sizes || null } }));
    return true;
  }
  listen(ui.nested, 'click', () => {
    if (redrawWith({ nested: !drawOptions.nested })) store('nested', drawOptions.nested ? 'on' : 'off');
  });
  listen(ui.sizes, 'change', () => {
    if (redrawWith({ sizes: ui.sizes.value || null })) store('sizes', ui.sizes.value);
  });
  {
    const wanted = {};
    const nested = stored('nested');
    if (nested !== null && (nested === 'on') !== Boolean(drawOptions.nested)) wanted.nested = nested === 'on';
    const sizes = stored('sizes');
    if (sizes !== null && (sizes === '' || sizeModels.includes(sizes)) && (sizes || null) !== (drawOptions.sizes || null)) wanted.sizes = sizes || null;
    if (Object.keys(wanted).length) {
      try {
        const made = new Viewer(traceText, JSON.stringify({ ...drawOptions, ...wanted }));
        viewer.free();
        viewer = made;
        Object.assign(drawOptions, wanted);
      } catch (err) {
        // the options the page was made with stay
      }
    }
    showViewOptions();
  }

  /** `#step=N` (1-based, as the CLI's --step) or `#step=last`; null for anything else. */
  function stepFromHash() {
    const m = /^#step=(\d+|last)$/.exec(location.hash);
    if (!m) return null;
    return m[1] === 'last' ? total - 1 : Number(m[1]) - 1;
  }

  listen(ui.first, 'click', () => show(0));
  listen(ui.prev, 'click', () => show(current - 1));
  listen(ui.next, 'click', () => show(current + 1));
  listen(ui.last, 'click', () => show(total - 1));
  listen(ui.slider, 'input', () => show(Number(ui.slider.value) - 1));
  if (settings.hash) listen(window, 'hashchange', () => {
    const s = stepFromHash();
    if (s !== null) show(s, { fromHash: true });
  });
  listen(ui.play, 'click', () => (playing === null ? play() : pause()));
  listen(ui.speed, 'change', () => {
    if (playing !== null) {
      clearInterval(playing);
      playing = setInterval(tick, PLAY_MS / Number(ui.speed.value));
    }
  });
  listen(settings.keyboard === 'document' ? document : element, 'keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // The slider moves itself with these keys and reports it through its input event.
    if (event.target === ui.slider) return;
    if (event.key === ' ' && !event.shiftKey) {
      // Space on a button or a list is theirs (it presses them).
      if (event.target instanceof Element && event.target.closest('button, select, input, textarea, a')) return;
      event.preventDefault();
      if (playing === null) play();
      else pause();
      return;
    }
    const moves = event.shiftKey
      ? { ArrowLeft: current - 10, ArrowRight: current + 10 }
      : { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key]);
  });

  if (total === 0) {
    ui.counter.textContent = 'no steps recorded';
    ui.memory.append(el('p', 'no-steps', 'The run recorded no steps.'));
    for (const b of [ui.first, ui.prev, ui.next, ui.last, ui.slider, ui.play, ui.speed]) b.disabled = true;
    element.dataset.step = '0';
  } else {
    const fromHash = settings.hash ? stepFromHash() : null;
    show(fromHash !== null ? fromHash : settings.step || 0, { fromHash: true });
    prepareInBackground();
  }

  // Lays out the steps not yet drawn, a slice at a time while the page is idle, so a later
  // jump (the slider, End) costs one layout rather than one per step before it. A new wasm
  // viewer (a draw option switched) starts it again (`preparing` counts the starts).
  function prepareInBackground() {
    let next = 0;
    const mine = ++preparing;
    const slice = () => {
      if (destroyed || next >= total || mine !== preparing) return;
      next = Math.min(total - 1, Math.max(next, laidOut + 1) + PREPARE_SLICE);
      try {
        viewer.prepare(next);
        laidOut = Math.max(laidOut, next);
      } catch (err) {
        return; // the step that fails is reported when it is shown
      }
      next += 1;
      idle(slice);
    };
    idle(slice);
  }

  Object.defineProperties(player, {
    step: { get: () => current, enumerable: true },
    count: { value: total, enumerable: true },
    playing: { get: () => playing !== null, enumerable: true },
  });
  /** Shows step `i` (0-based, clamped to the run); pauses playback. */
  player.goTo = (i) => show(i);
  /** Plays the run from the step shown (from the first when at the last). */
  player.play = () => play();
  /** Pauses playback. */
  player.pause = () => pause();
  /** Removes the player from its element and frees the wasm viewer. */
  player.destroy = () => {
    if (destroyed) return;
    destroyed = true;
    pause();
    if (neighbours !== null) cancelIdle(neighbours);
    if (catching !== null) clearTimeout(catching);
    for (const undo of cleanups) undo();
    element.replaceChildren();
    viewer.free();
  };
  return player;
}
