// The program pane of the player (viewer/src/player.js): one row per line, number and text
// both as plain text; the next line to run, the line just run and the error's line marked;
// and, above it, where the step is (line, function, call depth, event).
import { el } from './dom.js';

const EVENTS = {
  call: 'entering the function', return: 'returning', exception: 'exception raised',
  yield: 'yielding', await: 'awaiting', resume: 'resuming',
};

/**
 * Where a pane scrolled to `view.scrollTop` (`view.clientHeight` px high) must scroll to show
 * a row from `top` to `bottom` (px): null when it is in view, else with the row a third down.
 * @param {{scrollTop: number, clientHeight: number}} view
 */
export function lineScrollTop(top, bottom, view) {
  if (top >= view.scrollTop && bottom <= view.scrollTop + view.clientHeight) return null;
  return Math.max(0, top - view.clientHeight / 3);
}

/**
 * Fills `code` with `timeline.source` and returns the pane: `show(i)` marks step `i`'s lines
 * and says where it is in `where`; `markError(line)` (null: none); `scrollFor(i)` reads where
 * the pane must scroll to show step `i`'s line (null: in view) and `scrollTo(top)` goes there.
 * @param {{code: HTMLElement, where: HTMLElement}} ui
 * @param {any} timeline
 */
export function createCodePane({ code, where }, timeline) {
  const steps = timeline.steps;
  const rows = [null];
  const lines = timeline.source.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const frag = document.createDocumentFragment();
  lines.forEach((text, i) => {
    const row = el('div', 'line');
    row.dataset.line = String(i + 1);
    row.append(el('span', 'no', String(i + 1)), el('span', 'text', text));
    frag.append(row);
    rows.push(row);
  });
  code.append(frag);

  const marked = { 'is-current': null, 'is-prev': null, 'is-error': null };
  function mark(cls, line) {
    const row = (line && rows[line]) || null;
    if (marked[cls] === row) return;
    if (marked[cls]) marked[cls].classList.remove(cls);
    if (row) row.classList.add(cls);
    marked[cls] = row;
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
    where.replaceChildren(...parts);
  }

  return {
    show(i) {
      const line = steps.line[i];
      const before = i > 0 ? steps.line[i - 1] : null;
      mark('is-current', line);
      mark('is-prev', before !== line ? before : null);
      showWhere(i);
    },
    markError(line) {
      mark('is-error', line);
    },
    /** Reads layout. */
    scrollFor(i) {
      const row = rows[steps.line[i]];
      if (!row) return null;
      const top = row.offsetTop;
      return lineScrollTop(top, top + row.offsetHeight, code);
    },
    scrollTo(top) {
      code.scrollTop = top;
    },
  };
}
