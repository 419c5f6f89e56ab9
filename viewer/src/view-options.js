// How the player (viewer/src/player.js) draws memory: nested mode, and the memory-size model
// (those that fit the language: timeline.sizeModels). The draw options are fixed per wasm
// viewer: a switch makes a new one with the options and redraws the step shown. The choice
// is kept for the session (a host that mounts a player per run keeps it), over the options
// the page was made with.
import { el, store, stored } from './dom.js';

const SIZE_LABELS = { python: 'CPython sizes', textbook: 'Textbook sizes', v8: 'V8 sizes' };

/**
 * The changes to `options` that the session's choices ask for (`nested`: 'on' / 'off',
 * `sizes`: a model or '' for none; null: no choice kept); a model not in `sizeModels` is
 * ignored, and so is a choice the options have already.
 * @param {{nested: string | null, sizes: string | null}} kept
 * @param {{nested?: boolean, sizes?: string | null}} options
 * @param {string[]} sizeModels
 */
export function sessionChanges(kept, options, sizeModels) {
  const wanted = {};
  const { nested, sizes } = kept;
  if (nested !== null && (nested === 'on') !== Boolean(options.nested)) wanted.nested = nested === 'on';
  if (sizes !== null && (sizes === '' || sizeModels.includes(sizes)) && (sizes || null) !== (options.sizes || null)) wanted.sizes = sizes || null;
  return wanted;
}

/**
 * The Nested button and the sizes list over `ui`. `drawOptions` (changed in place) are the
 * options `drawings` draws with; `makeViewer(options)` makes a viewer (throws when they do
 * not fit the trace). The session's choices are applied at once; after a switch redrew,
 * `onRedraw({nested, sizes})` draws the step shown again.
 * @param {{nested: HTMLElement, sizes: HTMLSelectElement}} ui
 * @param {{drawOptions: any, sizeModels: string[], drawings: any, makeViewer: (options: object) => any,
 *   listen: Function, onRedraw: (detail: {nested: boolean, sizes: string | null}) => void}} context
 */
export function createViewOptions(ui, { drawOptions, sizeModels, drawings, makeViewer, listen, onRedraw }) {
  for (const model of sizeModels) {
    const option = el('option', null, SIZE_LABELS[model] || model);
    option.value = model;
    ui.sizes.append(option);
  }
  ui.sizes.hidden = sizeModels.length === 0;
  function show() {
    ui.nested.setAttribute('aria-pressed', String(Boolean(drawOptions.nested)));
    ui.sizes.value = drawOptions.sizes || '';
  }
  /** Draws with `changes` to the options; false (and nothing changed) when they do not fit. */
  function redrawWith(changes) {
    const next = { ...drawOptions, ...changes };
    let made;
    try {
      made = makeViewer(next);
    } catch (err) {
      show();
      return false;
    }
    drawings.replace(made);
    Object.assign(drawOptions, changes);
    show();
    onRedraw({ nested: Boolean(drawOptions.nested), sizes: drawOptions.sizes || null });
    return true;
  }
  listen(ui.nested, 'click', () => {
    if (redrawWith({ nested: !drawOptions.nested })) store('algoscope-nested', drawOptions.nested ? 'on' : 'off');
  });
  listen(ui.sizes, 'change', () => {
    if (redrawWith({ sizes: ui.sizes.value || null })) store('algoscope-sizes', ui.sizes.value);
  });

  const wanted = sessionChanges({ nested: stored('algoscope-nested'), sizes: stored('algoscope-sizes') }, drawOptions, sizeModels);
  if (Object.keys(wanted).length) {
    try {
      drawings.replace(makeViewer({ ...drawOptions, ...wanted }));
      Object.assign(drawOptions, wanted);
    } catch (err) {
      // the options the page was made with stay
    }
  }
  show();
}
