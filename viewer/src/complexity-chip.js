// The Big-O chip of the player (viewer/src/player.js) and its panel: the estimate, marked by
// how the run compares; the panel: overall, the sizes, then each function with why and what
// the run showed. Text only (the estimate's strings come from the program's names).
import { el } from './dom.js';

const verdictClass = (words) => ({ agrees: 'agrees', disagrees: 'disagrees', 'below the bound': 'below' })[words] || 'unchecked';

/**
 * Fills `chip` and `panel` from `estimate` (a `Complexity`, schema/complexity.schema.json)
 * and opens the panel from the chip; Escape in `root` or a press outside closes it. Nothing
 * is shown without an estimate. Listeners go through `listen` (removed on destroy).
 * @param {{chip: HTMLElement, panel: HTMLElement, root: HTMLElement, estimate: any, listen: Function}} parts
 */
export function showComplexity({ chip, panel, root, estimate, listen }) {
  if (!estimate) return;
  const overall = estimate.check ? estimate.check.verdict : null;
  chip.hidden = false;
  chip.dataset.verdict = overall ? verdictClass(overall) : 'unchecked';
  chip.replaceChildren(el('span', 'label', 'Big-O'), el('span', 'value', estimate.complexityText));
  chip.title = 'Big-O from the code: ' + estimate.complexityText + (overall ? '; the run ' + (overall === 'agrees' ? 'agrees' : 'says: ' + overall) : '');
  const head = el('div', 'head');
  head.append(el('span', 'value', estimate.complexityText));
  if (estimate.check) head.append(el('span', 'verdict ' + verdictClass(estimate.check.verdict), estimate.check.verdict));
  panel.append(head);
  if (estimate.check) panel.append(el('p', 'message', estimate.check.message));
  const sizes = Object.entries(estimate.sizes || {});
  if (sizes.length) panel.append(el('p', 'sizes', sizes.map(([letter, meaning]) => letter + ' = ' + meaning).join('; ')));
  for (const f of estimate.functions) {
    const item = el('div', 'function');
    const title = el('div', 'name');
    title.append(el('span', 'func', f.name), el('span', 'line', ' line ' + f.line), el('span', 'value', f.complexityText));
    item.append(title, el('p', 'why', f.explanation));
    if (f.check && f.check.verdict !== 'nothing to check') {
      const c = el('p', 'check');
      c.append(el('span', 'verdict ' + verdictClass(f.check.verdict), f.check.verdict), document.createTextNode(' ' + f.check.message));
      item.append(c);
    }
    panel.append(item);
  }
  const toggle = (open) => {
    panel.hidden = !open;
    chip.setAttribute('aria-expanded', String(open));
  };
  listen(chip, 'click', () => toggle(panel.hidden));
  listen(root, 'keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) toggle(false);
  });
  listen(document, 'pointerdown', (event) => {
    if (!panel.hidden && !panel.contains(event.target) && !chip.contains(event.target)) toggle(false);
  });
}
