// Showing a step's SVG by changing only what differs from the SVG already shown.
//
// The renderer writes one element per line group, indented by depth (crates/layout
// drawing.rs): the root's children at depth 0 (`<defs>`, the paper, the layers `g.boxes`,
// `g.arrows`, `g.loop-items`, …) and each layer's children at depth 1 (a box, an arrow, a
// loop row), each starting on a line of its own with one space before its `<`. Text is
// escaped, so no line inside a text starts with `<`. Between two steps most of those depth-1
// pieces are the same text (boxes stay put), and the browser's style, layout and paint of a
// large picture cost far more than comparing strings: so the pieces whose text is unchanged
// keep their elements, untouched and unmoved, and only the others are parsed and inserted.
// The document that results is the one `innerHTML = svg` gives (the page's browser tests
// compare them at every step of their fixtures, visited out of order).

/**
 * The shape of an SVG text as the renderer writes it: the root's open tag, and its parts in
 * order, each a whole line (`{line}`) or a layer (`{open, children}`, children being the text
 * of each depth-1 piece with its leading space). Null for text not written that way.
 * @param {string} text
 */
export function svgShape(text) {
  const lines = text.split('\n');
  if (!lines[0].startsWith('<svg ') || !lines[0].endsWith('>')) return null;
  const parts = [];
  let layer = null;
  let piece = null;
  for (let k = 1; k < lines.length; k++) {
    const line = lines[k];
    if (line === '') {
      // A blank line inside a piece is part of its text (a name or message holding "\n\n").
      if (piece !== null) piece += '\n';
      continue;
    }
    if (line[0] === '<') {
      if (piece !== null) {
        layer.children.push(piece);
        piece = null;
      }
      if (line === '</svg>') return layer ? null : { root: lines[0], parts };
      if (line === '</g>' && layer) {
        parts.push(layer);
        layer = null;
      } else if (layer || line.startsWith('</')) {
        return null;
      } else if (line.endsWith('/>') || line.includes('</')) {
        parts.push({ line });
      } else {
        layer = { open: line, children: [] };
      }
    } else if (line[0] === ' ' && line[1] === '<' && line[2] !== '/') {
      if (!layer) return null;
      if (piece !== null) layer.children.push(piece);
      piece = line;
    } else {
      if (piece === null) return null;
      piece += '\n' + line;
    }
  }
  return null;
}

/** The sequence of depth-0 parts that must match for a patch: whole lines and layer heads. */
function outline(shape) {
  return shape.parts.map((p) => (p.line !== undefined ? p.line : p.open)).join('\n');
}

const ROOT_ATTRIBUTES = ['class', 'width', 'height', 'viewBox'];

/**
 * Shows `text` (an SVG as the renderer writes it, `<style>` removed or not) in `container`,
 * reusing the elements of every depth-1 piece whose text did not change since the last call
 * for this container. Falls back to `innerHTML` when the two pictures differ in their
 * depth-0 outline or the text is not shaped as expected.
 * @param {Element} container
 * @param {string} text
 * @returns {SVGSVGElement | null} the root now shown
 */
export function showSvg(container, text) {
  const shape = svgShape(text);
  const shown = container.algoscopeShape;
  const root = shown && shown.root.parentNode === container ? shown.root : null;
  if (!shape || !root || outline(shape) !== outline(shown.shape)) {
    container.innerHTML = text;
    const svg = container.querySelector(':scope > svg');
    container.algoscopeShape = shape && svg ? { shape, root: svg, layers: layersOf(svg, shape) } : null;
    return svg;
  }
  const fresh = parseRoot(shape.root);
  for (const name of ROOT_ATTRIBUTES) {
    const value = fresh.getAttribute(name);
    if (root.getAttribute(name) !== value) {
      if (value === null) root.removeAttribute(name);
      else root.setAttribute(name, value);
    }
  }
  const layers = [];
  for (const part of shape.parts) {
    if (part.line === undefined) layers.push(patchLayer(shown.layers[layers.length], part.children));
  }
  container.algoscopeShape = { shape, root, layers };
  return root;
}

/** Forgets what `container` shows, so the next `showSvg` replaces it whole. */
export function forgetSvg(container) {
  container.algoscopeShape = null;
}

/**
 * Per layer of `shape` (in order): its element and, per child piece, the piece's text and its
 * nodes (the whitespace before it and the element).
 */
function layersOf(svg, shape) {
  const elements = [...svg.children].filter((e) => e.localName !== 'style');
  const layers = [];
  shape.parts.forEach((part, k) => {
    if (part.line !== undefined) return;
    const element = elements[k];
    const children = [...element.children].map((child, i) => ({
      text: part.children[i],
      space: child.previousSibling,
      element: child,
    }));
    layers.push({ element, children });
  });
  return layers;
}

/** The root element of an SVG open tag, parsed as the page parses it. */
function parseRoot(openTag) {
  const template = document.createElement('template');
  template.innerHTML = openTag + '</svg>';
  return template.content.firstElementChild;
}

/** Elements of the pieces `texts`, parsed in one go. */
function parsePieces(texts) {
  if (texts.length === 0) return [];
  const template = document.createElement('template');
  template.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg">' + texts.map((t) => t.slice(1)).join('') + '</svg>';
  return [...template.content.firstElementChild.children];
}

/**
 * Brings `layer` to the pieces `texts`: pieces with the same text in the same order keep
 * their element; the others are removed or parsed and inserted where they belong.
 */
function patchLayer(layer, texts) {
  const old = layer.children;
  const where = new Map();
  old.forEach((piece, j) => {
    if (!where.has(piece.text)) where.set(piece.text, []);
    where.get(piece.text).push(j);
  });
  /** Index of the first old piece at or after `from` with `text`, or -1. */
  const next = (text, from) => {
    const list = where.get(text);
    if (!list) return -1;
    for (const j of list) if (j >= from) return j;
    return -1;
  };
  const plan = []; // per new piece: the old index kept, or -1 (parse)
  let j = 0;
  const removed = [];
  for (const text of texts) {
    const k = next(text, j);
    if (k === -1) {
      plan.push(-1);
      continue;
    }
    for (; j < k; j++) removed.push(j);
    plan.push(k);
    j = k + 1;
  }
  for (; j < old.length; j++) removed.push(j);
  for (const r of removed) {
    old[r].space.remove();
    old[r].element.remove();
  }
  const parsed = parsePieces(texts.filter((_, i) => plan[i] === -1));
  const children = [];
  // Walk the new pieces backwards, inserting each parsed one before the piece after it (or
  // before the layer's closing whitespace).
  let after = layer.element.lastChild && layer.element.lastChild.nodeType === 3 ? layer.element.lastChild : null;
  let p = parsed.length;
  for (let i = texts.length - 1; i >= 0; i--) {
    let piece;
    if (plan[i] === -1) {
      const element = parsed[--p];
      const space = document.createTextNode('\n ');
      layer.element.insertBefore(space, after);
      layer.element.insertBefore(element, after);
      piece = { text: texts[i], space, element };
    } else {
      piece = old[plan[i]];
    }
    children.push(piece);
    after = piece.space;
  }
  children.reverse();
  return { element: layer.element, children };
}
