// algoscope stepper page player.
//
// Reads the run from the JSON element #algoscope-data (written by `algoscope html`) and shows one
// step at a time. Text that came from the traced program (source, printed output, names, the
// error) is untrusted and only ever goes in with textContent. The memory pictures are SVG from
// our own renderer, stored as a table of distinct pieces plus, per step, the indices that
// joined give that step's SVG (see pieceLists); the loop history is stored the same way in the
// same table. Those trusted strings are the only thing set with innerHTML.
(async function () {
  'use strict';

  // The data element holds the run as gzip-compressed JSON in base64 (see `algoscope html`).
  async function readData() {
    const raw = atob(document.getElementById('algoscope-data').textContent.trim());
    const bytes = new Uint8Array(raw.length);
    for (let k = 0; k < raw.length; k++) bytes[k] = raw.charCodeAt(k);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return JSON.parse(await new Response(stream).text());
  }

  let data;
  try {
    data = await readData();
  } catch (err) {
    const message = typeof DecompressionStream === 'undefined'
      ? 'This browser is too old to open the page (it needs DecompressionStream: Chrome or Edge 80, Firefox 113, Safari 16.4 or newer).'
      : 'The page data could not be read: ' + err;
    document.getElementById('memory').textContent = message;
    throw err;
  }
  const steps = data.steps;
  const pieces = data.pieces;
  const total = steps.line.length;

  const $ = (id) => document.getElementById(id);
  const ui = {
    first: $('first'), prev: $('prev'), next: $('next'), last: $('last'),
    slider: $('slider'), counter: $('counter'), where: $('where'), truncated: $('truncated'), sampled: $('sampled'),
    code: $('code'), memory: $('memory'), stdout: $('stdout'),
    loops: $('loops'), loopPicture: $('loop-picture'), noLoop: $('no-loop'),
    memoryFit: $('memory-fit'), loopsFit: $('loops-fit'),
    stdoutOld: $('stdout-old'), stdoutNew: $('stdout-new'), error: $('error'), lang: $('lang'),
  };

  const LANGUAGES = { python: 'Python', javascript: 'JavaScript', typescript: 'TypeScript' };
  const EVENTS = {
    call: 'entering the function', return: 'returning', exception: 'exception raised',
    yield: 'yielding', await: 'awaiting', resume: 'resuming',
  };
  const STOPS = { steps: 'the step budget ran out', time: 'the time budget ran out' };
  const reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The program, one row per line: number and text, both as plain text.
  const lineRows = [null];
  (function buildCode() {
    const lines = data.source.split(/\r\n|\r|\n/);
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

  ui.lang.textContent = LANGUAGES[data.language] || '';
  ui.slider.max = String(Math.max(total, 1));
  if (data.truncated) {
    const why = STOPS[data.stoppedBy] || 'a budget ran out';
    ui.truncated.textContent = 'Stopped early: ' + why + '; the run went on past the last step shown.';
    ui.truncated.hidden = false;
  }

  ui.sampled.hidden = !data.sampled;

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

  function scrollLineIntoView(line) {
    const row = lineRows[line];
    if (!row) return;
    const box = ui.code;
    const top = row.offsetTop;
    const bottom = top + row.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }

  function showWhere(i) {
    const parts = [el('span', 'lineno', 'line ' + steps.line[i])];
    const func = data.funcs[steps.func[i]];
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

  // A column of per-step piece lists (steps.svg: the memory picture; steps.loops: the loop
  // history, an empty list when no loop runs). Each step is stored as operations over the step
  // before: v >= 0 is piece v; v < 0 followed by n copies n indices of the previous step from
  // -v - 1. Decoded in order on first use and kept.
  function pieceLists(column) {
    const decoded = [];
    return function indicesOf(i) {
      for (let s = decoded.length; s <= i; s++) {
        const ops = column[s];
        const prev = s > 0 ? decoded[s - 1] : [];
        const out = [];
        for (let k = 0; k < ops.length; k++) {
          const v = ops[k];
          if (v >= 0) {
            out.push(v);
          } else {
            const start = -v - 1;
            const end = start + ops[++k];
            for (let t = start; t < end; t++) out.push(prev[t]);
          }
        }
        decoded.push(out);
      }
      return decoded[i];
    };
  }
  const memoryIndicesOf = pieceLists(steps.svg);
  const loopIndicesOf = pieceLists(steps.loops || []);

  function joinPieces(indices) {
    let svg = '';
    for (const k of indices) svg += pieces[k];
    return svg;
  }

  function sameIndices(a, b) {
    if (!a || a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
    return true;
  }

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

  /** The scale fit mode gives a picture `width` units wide in `box` (padding excluded). */
  function fitScale(box, width) {
    const style = getComputedStyle(box);
    const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
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

  function fitMemory() {
    const svg = ui.memory.querySelector(':scope > svg');
    if (!svg) return;
    const scale = fit.memory ? fitScale(ui.memory, Number(svg.getAttribute('width'))) : 1;
    scaleOf.memory = scale;
    scaleSvg(svg, scale);
  }

  function fitLoops() {
    const svgs = ui.loopPicture.querySelectorAll(':scope > svg');
    const main = ui.loopPicture.querySelector(':scope > svg:not(.loop-heads)');
    if (!main) return;
    const scale = fit.loops ? fitScale(ui.loopPicture, Number(main.getAttribute('width'))) : 1;
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
  ui.memoryFit.addEventListener('click', () => toggleFit('memory', ui.memoryFit, fitMemory));
  ui.loopsFit.addEventListener('click', () => {
    toggleFit('loops', ui.loopsFit, fitLoops);
    if (shownLoop && shownLoop.length) scrollToCurrentRow();
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
  }

  function showMemory(i, animate) {
    const indices = memoryIndicesOf(i);
    if (sameIndices(shownSvg, indices)) return;
    const before = animate ? boxPositions() : null;
    ui.memory.innerHTML = joinPieces(indices);
    shownSvg = indices;
    fitMemory();
    if (!before || typeof Element.prototype.animate !== 'function') return;
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
  }

  // The loop running at step i: its history (the same SVG for every step of one pass, so it
  // is only rebuilt when a pass ends), scrolled so the row of the pass in progress is in view.
  function showLoops(i) {
    const indices = steps.loops && steps.loops.length ? loopIndicesOf(i) : [];
    const running = indices.length > 0;
    ui.noLoop.textContent = 'No loop running at this step.';
    ui.noLoop.hidden = running;
    ui.loops.classList.toggle('is-idle', !running);
    if (!sameIndices(shownLoop, indices)) {
      if (running) {
        ui.loopPicture.innerHTML = joinPieces(indices);
        pinColumnHeads();
        fitLoops();
      } else {
        ui.loopPicture.replaceChildren();
      }
      shownLoop = indices;
    }
    if (running) scrollToCurrentRow();
  }

  // Repeats the drawing's column heads (names and indices, `g.loop-columns`, between y = 0
  // and its data-h) in a small SVG that sticks to the top of the pane while the rows scroll
  // under it. The copy covers the original exactly when the pane is scrolled to the top.
  let headsHeight = 0;
  function pinColumnHeads() {
    headsHeight = 0;
    const svg = ui.loopPicture.querySelector('svg');
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
  function scrollToCurrentRow() {
    const row = ui.loopPicture.querySelector('g.loop-row.current[data-y]');
    if (!row) return;
    const box = ui.loopPicture;
    const scale = scaleOf.loops;
    const top = Number(row.getAttribute('data-y')) * scale;
    const bottom = top + Number(row.getAttribute('data-h')) * scale;
    // The pinned column heads cover the pane's top `headsHeight` units.
    if (top < box.scrollTop + headsHeight * scale || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, bottom - box.clientHeight + 24);
    }
  }

  function showOutput(i) {
    const end = steps.out[i];
    const start = i > 0 ? Math.min(steps.out[i - 1], end) : 0;
    ui.stdoutOld.textContent = data.stdout.slice(0, start);
    ui.stdoutNew.textContent = data.stdout.slice(start, end);
    ui.stdout.classList.toggle('is-empty', end === 0);
    if (end > start) ui.stdout.scrollTop = ui.stdout.scrollHeight;
  }

  function showError(i) {
    const err = data.error;
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
    const i = Math.max(0, Math.min(total - 1, target | 0));
    if (i === current) return;
    const animate = !reduceMotion && current >= 0 && Math.abs(i - current) === 1;
    current = i;
    ui.counter.textContent = 'step ' + (i + 1) + ' / ' + total + (data.truncated ? '+' : '');
    ui.slider.value = String(i + 1);
    ui.first.disabled = ui.prev.disabled = i === 0;
    ui.next.disabled = ui.last.disabled = i === total - 1;
    const line = steps.line[i];
    const before = i > 0 ? steps.line[i - 1] : null;
    mark('is-current', line);
    mark('is-prev', before !== line ? before : null);
    showWhere(i);
    showMemory(i, animate);
    showLoops(i);
    showOutput(i);
    showError(i);
    scrollLineIntoView(line);
    document.body.dataset.step = String(i + 1);
    if (!options || !options.fromHash) {
      try {
        history.replaceState(null, '', '#step=' + (i + 1));
      } catch (e) {
        // Some file:// contexts refuse history changes; the page works without them.
      }
    }
  }

  /** `#step=N` (1-based, as the CLI's --step) or `#step=last`; null for anything else. */
  function stepFromHash() {
    const m = /^#step=(\d+|last)$/.exec(location.hash);
    if (!m) return null;
    return m[1] === 'last' ? total - 1 : Number(m[1]) - 1;
  }

  ui.first.addEventListener('click', () => show(0));
  ui.prev.addEventListener('click', () => show(current - 1));
  ui.next.addEventListener('click', () => show(current + 1));
  ui.last.addEventListener('click', () => show(total - 1));
  ui.slider.addEventListener('input', () => show(Number(ui.slider.value) - 1));
  window.addEventListener('hashchange', () => {
    const s = stepFromHash();
    if (s !== null) show(s, { fromHash: true });
  });
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // The slider moves itself with these keys and reports it through its input event.
    if (event.target === ui.slider) return;
    const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key]);
  });

  if (total === 0) {
    ui.counter.textContent = 'no steps recorded';
    ui.memory.append(el('p', 'no-steps', 'The run recorded no steps.'));
    for (const b of [ui.first, ui.prev, ui.next, ui.last, ui.slider]) b.disabled = true;
    document.body.dataset.step = '0';
  } else {
    show(stepFromHash() || 0, { fromHash: true });
  }
  if (window.performance && performance.mark) performance.mark('algoscope:first-step');
})();
