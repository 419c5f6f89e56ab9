// The output pane of the player (viewer/src/player.js): what the program printed up to the
// step, the step's own output marked as new, and the uncaught error on the last step. Text
// only (it all comes from the program).
import { el } from './dom.js';

/** The output printed before step `i` (`[0, start)`) and at it (`[start, end)`), from the
 * steps' output lengths `out`. */
export function printedAt(out, i) {
  const end = out[i];
  const start = i > 0 ? Math.min(out[i - 1], end) : 0;
  return { start, end };
}

/**
 * The pane over `ui` for `timeline`: `show(i)` (whether step `i` printed anything),
 * `showError(i)` (the error's line when it is shown, for the code pane to mark, else null),
 * `end()` (the scroll position of the output's end; reads layout) and `scrollTo(top)`.
 * @param {{stdout: HTMLElement, stdoutOld: HTMLElement, stdoutNew: HTMLElement, error: HTMLElement}} ui
 * @param {any} timeline
 */
export function createOutputPane({ stdout, stdoutOld, stdoutNew, error }, timeline) {
  const out = timeline.steps.out;
  const last = timeline.steps.line.length - 1;
  return {
    show(i) {
      const { start, end } = printedAt(out, i);
      stdoutOld.textContent = timeline.stdout.slice(0, start);
      stdoutNew.textContent = timeline.stdout.slice(start, end);
      stdout.classList.toggle('is-empty', end === 0);
      return end > start;
    },
    showError(i) {
      const err = timeline.error;
      const atEnd = err && i === last;
      if (atEnd && error.hidden) {
        const parts = [el('span', 'type', err.type), document.createTextNode(': '), el('span', 'message', err.message)];
        if (err.line) parts.push(document.createTextNode(' (line ' + err.line + ')'));
        error.replaceChildren(...parts);
      }
      error.hidden = !atEnd;
      return atEnd ? err.line : null;
    },
    end() {
      return stdout.scrollHeight;
    },
    scrollTo(top) {
      stdout.scrollTop = top;
    },
  };
}
