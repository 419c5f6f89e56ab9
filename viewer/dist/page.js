// viewer/dist/algoscope_wasm.js
var Viewer = class {
  __destroy_into_raw() {
    const ptr = this.__wbg_ptr;
    this.__wbg_ptr = 0;
    ViewerFinalization.unregister(this);
    return ptr;
  }
  free() {
    const ptr = this.__destroy_into_raw();
    wasm.__wbg_viewer_free(ptr, 0);
  }
  /**
   * The history of the loop running at step `step`, an SVG document, or `undefined` when
   * no loop runs there.
   *
   * # Errors
   * As [`Viewer::memory_svg`].
   * @param {number} step
   * @returns {string | undefined}
   */
  loopSvg(step) {
    const ret = wasm.viewer_loopSvg(this.__wbg_ptr, step);
    if (ret[3]) {
      throw takeFromExternrefTable0(ret[2]);
    }
    let v1;
    if (ret[0] !== 0) {
      v1 = getStringFromWasm0(ret[0], ret[1]);
      wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
    }
    return v1;
  }
  /**
   * Step `step`'s memory picture with the boxes a person dragged: the `i`-th line of
   * `keys` (a box's `data-key`; a tree block by its root's) drawn with its top-left at
   * (`xy[2i]`, `xy[2i + 1]`) px, the rest around them, arrows routed to them
   * (`algoscope::Render::memory_svg_pinned`; the step's kept positions are untouched).
   * Keys are lines of one string, not an array: that keeps the module small.
   *
   * # Errors
   * As `memorySvg`.
   * @param {number} step
   * @param {string} keys
   * @param {Float64Array | number[]} xy
   * @returns {string}
   */
  memorySvgPinned(step, keys, xy) {
    let deferred5_0;
    let deferred5_1;
    try {
      const val3 = +step;
      let ptr0, len0, ptr1, len1;
      try {
        ptr0 = passStringToWasm0(keys, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = passArrayF64ToWasm0(xy, wasm.__wbindgen_malloc);
        len1 = WASM_VECTOR_LEN;
      } catch (e) {
        if (ptr1) {
          wasm.__wbindgen_free(ptr1, len1 * 8, 8);
        }
        if (ptr0) {
          wasm.__wbindgen_free(ptr0, len0 * 1, 1);
        }
        throw e;
      }
      const ret = wasm.viewer_memorySvgPinned(this.__wbg_ptr, val3, ptr0, len0, ptr1, len1);
      var ptr4 = ret[0];
      var len4 = ret[1];
      if (ret[3]) {
        ptr4 = 0;
        len4 = 0;
        throw takeFromExternrefTable0(ret[2]);
      }
      deferred5_0 = ptr4;
      deferred5_1 = len4;
      return getStringFromWasm0(ptr4, len4);
    } finally {
      wasm.__wbindgen_free(deferred5_0, deferred5_1, 1);
    }
  }
  /**
   * Step `step`'s memory picture, an SVG document.
   *
   * # Errors
   * A step out of range, or a step whose scene cannot be built.
   * @param {number} step
   * @returns {string}
   */
  memorySvg(step) {
    let deferred2_0;
    let deferred2_1;
    try {
      const ret = wasm.viewer_memorySvg(this.__wbg_ptr, step);
      var ptr1 = ret[0];
      var len1 = ret[1];
      if (ret[3]) {
        ptr1 = 0;
        len1 = 0;
        throw takeFromExternrefTable0(ret[2]);
      }
      deferred2_0 = ptr1;
      deferred2_1 = len1;
      return getStringFromWasm0(ptr1, len1);
    } finally {
      wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
  }
  /**
   * Reads `trace_json` (a trace with full heaps or heap deltas; validated as
   * `algoscope validate` does) and `options_json` (the player's options: `title`,
   * `nested`, `sizes`, `loopRows`; `{}` for the defaults).
   *
   * # Errors
   * A bad trace (the message names the JSON path of the bad field), bad options, or a
   * size model that does not fit the trace's language.
   * @param {string} trace_json
   * @param {string} options_json
   */
  constructor(trace_json, options_json) {
    let ptr0, len0, ptr1, len1;
    try {
      ptr0 = passStringToWasm0(trace_json, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
      len0 = WASM_VECTOR_LEN;
      ptr1 = passStringToWasm0(options_json, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
      len1 = WASM_VECTOR_LEN;
    } catch (e) {
      if (ptr1) {
        wasm.__wbindgen_free(ptr1, len1 * 1, 1);
      }
      if (ptr0) {
        wasm.__wbindgen_free(ptr0, len0 * 1, 1);
      }
      throw e;
    }
    const ret = wasm.viewer_new(ptr0, len0, ptr1, len1);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    this.__wbg_ptr = ret[0];
    ViewerFinalization.register(this, this.__wbg_ptr, this);
    return this;
  }
  /**
   * Lays out the steps up to `step` not laid out yet, so jumping to any of them later
   * costs one layout; the player calls it in small slices while the page is idle.
   *
   * # Errors
   * As [`Viewer::memory_svg`].
   * @param {number} step
   */
  prepare(step) {
    const ret = wasm.viewer_prepare(this.__wbg_ptr, step);
    if (ret[1]) {
      throw takeFromExternrefTable0(ret[0]);
    }
  }
  /**
   * How many steps the trace has.
   * @returns {number}
   */
  get stepCount() {
    const ret = wasm.viewer_stepCount(this.__wbg_ptr);
    return ret >>> 0;
  }
  /**
   * The run as the player shows it beside the pictures, as JSON
   * (`algoscope::Timeline`: source, printed text, error, per-step columns, size models).
   *
   * # Errors
   * Only if the timeline cannot be written as JSON.
   * @returns {string}
   */
  timeline() {
    let deferred2_0;
    let deferred2_1;
    try {
      const ret = wasm.viewer_timeline(this.__wbg_ptr);
      var ptr1 = ret[0];
      var len1 = ret[1];
      if (ret[3]) {
        ptr1 = 0;
        len1 = 0;
        throw takeFromExternrefTable0(ret[2]);
      }
      deferred2_0 = ptr1;
      deferred2_1 = len1;
      return getStringFromWasm0(ptr1, len1);
    } finally {
      wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
  }
};
if (Symbol.dispose) Viewer.prototype[Symbol.dispose] = Viewer.prototype.free;
function __wbg_get_imports() {
  const import0 = {
    __proto__: null,
    __wbg_Error_208446807d0d1e30: function(arg0, arg1) {
      const ret = Error(getStringFromWasm0(arg0, arg1));
      return ret;
    },
    __wbg___wbindgen_throw_4c88d8bf264fd984: function(arg0, arg1) {
      throw new Error(getStringFromWasm0(arg0, arg1));
    },
    __wbindgen_init_externref_table: function() {
      const table = wasm.__wbindgen_externrefs;
      table.set(0, void 0);
      table.set(1024, void 0);
      table.set(1025, null);
      table.set(1026, true);
      table.set(1027, false);
    }
  };
  return {
    __proto__: null,
    "./algoscope_wasm_bg.js": import0
  };
}
var ViewerFinalization = typeof FinalizationRegistry === "undefined" ? { register: () => {
}, unregister: () => {
} } : new FinalizationRegistry((ptr) => wasm.__wbg_viewer_free(ptr, 1));
var cachedFloat64ArrayMemory0 = null;
function getFloat64ArrayMemory0() {
  if (cachedFloat64ArrayMemory0 === null || cachedFloat64ArrayMemory0.byteLength === 0) {
    cachedFloat64ArrayMemory0 = new Float64Array(wasm.memory.buffer);
  }
  return cachedFloat64ArrayMemory0;
}
function getStringFromWasm0(ptr, len) {
  ptr = ptr >>> 0;
  return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}
var cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
  if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
    cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
  }
  return cachedUint8ArrayMemory0;
}
function passArrayF64ToWasm0(arg, malloc) {
  const ptr = malloc(arg.length * 8, 8) >>> 0;
  getFloat64ArrayMemory0().set(arg, ptr / 8);
  WASM_VECTOR_LEN = arg.length;
  return ptr;
}
function passStringToWasm0(arg, malloc, realloc) {
  if (realloc === void 0) {
    const buf = cachedTextEncoder.encode(arg);
    const ptr2 = malloc(buf.length, 1) >>> 0;
    getUint8ArrayMemory0().subarray(ptr2, ptr2 + buf.length).set(buf);
    WASM_VECTOR_LEN = buf.length;
    return ptr2;
  }
  let len = arg.length;
  let ptr = malloc(len, 1) >>> 0;
  const mem = getUint8ArrayMemory0();
  let offset = 0;
  for (; offset < len; offset++) {
    const code = arg.charCodeAt(offset);
    if (code > 127) break;
    mem[ptr + offset] = code;
  }
  if (offset !== len) {
    if (offset !== 0) {
      arg = arg.slice(offset);
    }
    ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
    const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
    const ret = cachedTextEncoder.encodeInto(arg, view);
    offset += ret.written;
    ptr = realloc(ptr, len, offset, 1) >>> 0;
  }
  WASM_VECTOR_LEN = offset;
  return ptr;
}
function takeFromExternrefTable0(idx) {
  const value = wasm.__wbindgen_externrefs.get(idx);
  wasm.__externref_table_dealloc(idx);
  return value;
}
var cachedTextDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
cachedTextDecoder.decode();
var MAX_SAFARI_DECODE_BYTES = 2146435072;
var numBytesDecoded = 0;
function decodeText(bytes) {
  numBytesDecoded += bytes.length;
  if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
    cachedTextDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
    cachedTextDecoder.decode();
    numBytesDecoded = bytes.length;
  }
  return cachedTextDecoder.decode(bytes);
}
var cachedTextEncoder = new TextEncoder();
if (!("encodeInto" in cachedTextEncoder)) {
  cachedTextEncoder.encodeInto = function(arg, view) {
    const buf = cachedTextEncoder.encode(arg);
    view.set(buf);
    return {
      read: arg.length,
      written: buf.length
    };
  };
}
var WASM_VECTOR_LEN = 0;
var wasmModule;
var wasmInstance;
var wasm;
function __wbg_finalize_init(instance, module) {
  wasmInstance = instance;
  wasm = instance.exports;
  wasmModule = module;
  cachedFloat64ArrayMemory0 = null;
  cachedUint8ArrayMemory0 = null;
  wasm.__wbindgen_start();
  return wasm;
}
async function __wbg_load(module, imports) {
  if (typeof Response === "function" && module instanceof Response) {
    if (!module.ok) {
      throw new Error(`failed to fetch Wasm: ${module.status} ${module.statusText} fetching '${module.url}'`);
    }
    if (typeof WebAssembly.instantiateStreaming === "function") {
      try {
        return await WebAssembly.instantiateStreaming(module, imports);
      } catch (e) {
        const validResponse = expectedResponseType(module.type);
        if (validResponse && module.headers.get("Content-Type") !== "application/wasm") {
          console.warn("`WebAssembly.instantiateStreaming` failed because your server does not serve Wasm with `application/wasm` MIME type. Falling back to `WebAssembly.instantiate` which is slower. Original error:\n", e);
        } else {
          throw e;
        }
      }
    }
    const bytes = await module.arrayBuffer();
    return await WebAssembly.instantiate(bytes, imports);
  } else {
    const instance = await WebAssembly.instantiate(module, imports);
    if (instance instanceof WebAssembly.Instance) {
      return { instance, module };
    } else {
      return instance;
    }
  }
  function expectedResponseType(type) {
    switch (type) {
      case "basic":
      case "cors":
      case "default":
        return true;
    }
    return false;
  }
}
var __wbg_init_promise;
async function __wbg_init(module_or_path) {
  if (wasm !== void 0) return wasm;
  if (__wbg_init_promise === void 0) {
    __wbg_init_promise = __wbg_init_once(module_or_path);
    __wbg_init_promise.catch(() => {
      __wbg_init_promise = void 0;
    });
  }
  return __wbg_init_promise;
}
async function __wbg_init_once(module_or_path) {
  if (module_or_path !== void 0) {
    if (Object.getPrototypeOf(module_or_path) === Object.prototype) {
      ({ module_or_path } = module_or_path);
    } else {
      console.warn("using deprecated parameters for the initialization function; pass a single object instead");
    }
  }
  if (module_or_path === void 0) {
    module_or_path = new URL("algoscope_wasm_bg.wasm", import.meta.url);
  }
  const imports = __wbg_get_imports();
  if (typeof module_or_path === "string" || typeof Request === "function" && module_or_path instanceof Request || typeof URL === "function" && module_or_path instanceof URL) {
    module_or_path = fetch(module_or_path);
  }
  const { instance, module } = await __wbg_load(await module_or_path, imports);
  return __wbg_finalize_init(instance, module);
}

// viewer/src/dom.js
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== void 0) node.textContent = text;
  return node;
}

// viewer/src/complexity-chip.js
var verdictClass = (words) => ({ agrees: "agrees", disagrees: "disagrees", "below the bound": "below" })[words] || "unchecked";
function showComplexity({ chip, panel, root, estimate, listen }) {
  if (!estimate) return;
  const overall = estimate.check ? estimate.check.verdict : null;
  chip.hidden = false;
  chip.dataset.verdict = overall ? verdictClass(overall) : "unchecked";
  chip.replaceChildren(el("span", "label", "Big-O"), el("span", "value", estimate.complexityText));
  chip.title = "Big-O from the code: " + estimate.complexityText + (overall ? "; the run " + (overall === "agrees" ? "agrees" : "says: " + overall) : "");
  const head = el("div", "head");
  head.append(el("span", "value", estimate.complexityText));
  if (estimate.check) head.append(el("span", "verdict " + verdictClass(estimate.check.verdict), estimate.check.verdict));
  panel.append(head);
  if (estimate.check) panel.append(el("p", "message", estimate.check.message));
  const sizes = Object.entries(estimate.sizes || {});
  if (sizes.length) panel.append(el("p", "sizes", sizes.map(([letter, meaning]) => letter + " = " + meaning).join("; ")));
  for (const f of estimate.functions) {
    const item = el("div", "function");
    const title = el("div", "name");
    title.append(el("span", "func", f.name), el("span", "line", " line " + f.line), el("span", "value", f.complexityText));
    item.append(title, el("p", "why", f.explanation));
    if (f.check && f.check.verdict !== "nothing to check") {
      const c = el("p", "check");
      c.append(el("span", "verdict " + verdictClass(f.check.verdict), f.check.verdict), document.createTextNode(" " + f.check.message));
      item.append(c);
    }
    panel.append(item);
  }
  const toggle = (open) => {
    panel.hidden = !open;
    chip.setAttribute("aria-expanded", String(open));
  };
  listen(chip, "click", () => toggle(panel.hidden));
  listen(root, "keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) toggle(false);
  });
  listen(document, "pointerdown", (event) => {
    if (!panel.hidden && !panel.contains(event.target) && !chip.contains(event.target)) toggle(false);
  });
}

// viewer/src/gestures.js
function boxUnder(pane, target) {
  if (!(target instanceof Element)) return null;
  let top = target.closest("g.node[data-key]");
  if (!top || !pane.contains(top)) return null;
  for (let up = top.parentElement && top.parentElement.closest("g.node[data-key]"); up; up = up.parentElement && up.parentElement.closest("g.node[data-key]")) top = up;
  const block = top.closest("g.tree[data-root]");
  const key = block ? block.getAttribute("data-root") : top.getAttribute("data-key");
  const anchor = block ? pane.querySelector('g.node[data-key="' + CSS.escape(key) + '"]') : top;
  if (!anchor) return null;
  const at = [Number(anchor.getAttribute("data-x")), Number(anchor.getAttribute("data-y"))];
  return at.every(Number.isFinite) ? { key, at } : null;
}
function attachGestures(pane, { listen, scale, zoomTo, drag }) {
  const touches = /* @__PURE__ */ new Map();
  let pinch = null;
  const spread = () => {
    const [a, b] = [...touches.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, at: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };
  listen(pane, "pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.size === 2) pinch = { d: spread().d, scale: scale() };
  });
  listen(pane, "pointermove", (event) => {
    if (!touches.has(event.pointerId)) return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch === null || touches.size !== 2) return;
    event.preventDefault();
    const now = spread();
    zoomTo(pinch.scale * (now.d / pinch.d), now.at);
  });
  const lift = (event) => {
    touches.delete(event.pointerId);
    if (touches.size !== 2) pinch = null;
  };
  listen(pane, "pointerup", lift);
  listen(pane, "pointercancel", lift);
  const follow = (event, move, end) => {
    const id = event.pointerId;
    pane.setPointerCapture(id);
    const moved = (m) => {
      if (m.pointerId === id) move(m);
    };
    const done = (m) => {
      if (m.pointerId !== id) return;
      pane.removeEventListener("pointermove", moved);
      pane.removeEventListener("pointerup", done);
      pane.removeEventListener("pointercancel", done);
      end();
    };
    pane.addEventListener("pointermove", moved);
    pane.addEventListener("pointerup", done);
    pane.addEventListener("pointercancel", done);
  };
  listen(pane, "pointerdown", (event) => {
    if (event.pointerType === "touch") return;
    if (event.button !== 0 || !(event.target instanceof Element) || event.target.closest("g.node, button, a")) return;
    if (pane.scrollWidth <= pane.clientWidth && pane.scrollHeight <= pane.clientHeight) return;
    const start2 = { x: event.clientX, y: event.clientY, left: pane.scrollLeft, top: pane.scrollTop };
    event.preventDefault();
    pane.classList.add("is-panning");
    follow(
      event,
      (m) => {
        pane.scrollLeft = start2.left - (m.clientX - start2.x);
        pane.scrollTop = start2.top - (m.clientY - start2.y);
      },
      () => pane.classList.remove("is-panning")
    );
  });
  listen(pane, "pointerdown", (event) => {
    if (event.button !== 0) return;
    const box = boxUnder(pane, event.target);
    if (!box) return;
    event.preventDefault();
    const k = scale();
    const origin = { x: event.clientX, y: event.clientY };
    let moved = false;
    let frame = null;
    let at = box.at;
    follow(
      event,
      (m) => {
        if (pinch !== null) return;
        const dx = (m.clientX - origin.x) / k;
        const dy = (m.clientY - origin.y) / k;
        if (!moved && Math.hypot(dx, dy) * k < 4) return;
        if (!moved) {
          moved = true;
          pane.classList.add("is-dragging");
          drag.start();
        }
        at = [Math.max(0, Math.round(box.at[0] + dx)), Math.max(0, Math.round(box.at[1] + dy))];
        if (frame === null) {
          frame = requestAnimationFrame(() => {
            frame = null;
            drag.move(box.key, at);
          });
        }
      },
      () => {
        if (!moved) return;
        if (frame !== null) cancelAnimationFrame(frame);
        pane.classList.remove("is-dragging");
        drag.drop(box.key, at);
      }
    );
  });
}

// viewer/src/patch.js
function svgShape(text) {
  const lines = text.split("\n");
  if (!lines[0].startsWith("<svg ") || !lines[0].endsWith(">")) return null;
  const parts = [];
  let layer = null;
  let piece = null;
  for (let k = 1; k < lines.length; k++) {
    const line = lines[k];
    if (line === "") {
      if (piece !== null) piece += "\n";
      continue;
    }
    if (line[0] === "<") {
      if (piece !== null) {
        layer.children.push(piece);
        piece = null;
      }
      if (line === "</svg>") return layer ? null : { root: lines[0], parts };
      if (line === "</g>" && layer) {
        parts.push(layer);
        layer = null;
      } else if (layer || line.startsWith("</")) {
        return null;
      } else if (line.endsWith("/>") || line.includes("</")) {
        parts.push({ line });
      } else {
        layer = { open: line, children: [] };
      }
    } else if (line[0] === " " && line[1] === "<" && line[2] !== "/") {
      if (!layer) return null;
      if (piece !== null) layer.children.push(piece);
      piece = line;
    } else {
      if (piece === null) return null;
      piece += "\n" + line;
    }
  }
  return null;
}
function outline(shape) {
  return shape.parts.map((p) => p.line !== void 0 ? p.line : p.open).join("\n");
}
var ROOT_ATTRIBUTES = ["class", "width", "height", "viewBox"];
function showSvg(container, text) {
  const shape = svgShape(text);
  const shown = container.algoscopeShape;
  const root = shown && shown.root.parentNode === container ? shown.root : null;
  if (!shape || !root || outline(shape) !== outline(shown.shape)) {
    container.innerHTML = text;
    const svg = container.querySelector(":scope > svg");
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
    if (part.line === void 0) layers.push(patchLayer(shown.layers[layers.length], part.children));
  }
  container.algoscopeShape = { shape, root, layers };
  return root;
}
function forgetSvg(container) {
  container.algoscopeShape = null;
}
function layersOf(svg, shape) {
  const elements = [...svg.children].filter((e) => e.localName !== "style");
  const layers = [];
  shape.parts.forEach((part, k) => {
    if (part.line !== void 0) return;
    const element = elements[k];
    const children = [...element.children].map((child, i) => ({
      text: part.children[i],
      space: child.previousSibling,
      element: child
    }));
    layers.push({ element, children });
  });
  return layers;
}
function parseRoot(openTag) {
  const template = document.createElement("template");
  template.innerHTML = openTag + "</svg>";
  return template.content.firstElementChild;
}
function parsePieces(texts) {
  if (texts.length === 0) return [];
  const template = document.createElement("template");
  template.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg">' + texts.map((t) => t.slice(1)).join("") + "</svg>";
  return [...template.content.firstElementChild.children];
}
function patchLayer(layer, texts) {
  const old = layer.children;
  const where = /* @__PURE__ */ new Map();
  old.forEach((piece, j2) => {
    if (!where.has(piece.text)) where.set(piece.text, []);
    where.get(piece.text).push(j2);
  });
  const next = (text, from) => {
    const list = where.get(text);
    if (!list) return -1;
    for (const j2 of list) if (j2 >= from) return j2;
    return -1;
  };
  const plan = [];
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
  let after = layer.element.lastChild && layer.element.lastChild.nodeType === 3 ? layer.element.lastChild : null;
  let p = parsed.length;
  for (let i = texts.length - 1; i >= 0; i--) {
    let piece;
    if (plan[i] === -1) {
      const element = parsed[--p];
      const space = document.createTextNode("\n ");
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

// viewer/src/player.js
var SKELETON = `<header class="bar">
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
var PREPARE_SLICE = 25;
async function gunzipText(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}
async function mount(element, data, settings = {}) {
  await __wbg_init(settings.wasm === void 0 ? void 0 : { module_or_path: settings.wasm });
  const traceText = typeof data.trace === "string" ? data.trace : await gunzipText(data.trace);
  const drawOptions = { ...data.options || {} };
  let viewer = new Viewer(traceText, JSON.stringify(drawOptions));
  const timeline = JSON.parse(viewer.timeline());
  const title = data.options && data.options.title || "";
  element.classList.add("algoscope");
  element.classList.toggle("no-source", settings.source === false);
  element.innerHTML = SKELETON;
  const $ = (id) => element.querySelector("#" + id);
  const ui = {
    first: $("first"),
    prev: $("prev"),
    next: $("next"),
    last: $("last"),
    slider: $("slider"),
    counter: $("counter"),
    where: $("where"),
    truncated: $("truncated"),
    sampled: $("sampled"),
    code: $("code"),
    memory: $("memory"),
    stdout: $("stdout"),
    loops: $("loops"),
    loopPicture: $("loop-picture"),
    noLoop: $("no-loop"),
    memoryFit: $("memory-fit"),
    loopsFit: $("loops-fit"),
    memoryIn: $("memory-in"),
    memoryOut: $("memory-out"),
    nested: $("memory-nested"),
    sizes: $("memory-sizes"),
    unpin: $("memory-unpin"),
    layingOut: $("laying-out"),
    play: $("play"),
    speed: $("speed"),
    complexity: $("complexity"),
    complexityPanel: $("complexity-panel"),
    stdoutOld: $("stdout-old"),
    stdoutNew: $("stdout-new"),
    error: $("error"),
    lang: $("lang")
  };
  ui.title = $("title");
  ui.title.textContent = title;
  const steps = timeline.steps;
  const total = steps.line.length;
  const player = new EventTarget();
  const cleanups = [];
  let destroyed = false;
  let preparing = 0;
  let laidOut = -1;
  const listen = (target, type, handler) => {
    target.addEventListener(type, handler);
    cleanups.push(() => target.removeEventListener(type, handler));
  };
  const LANGUAGES = { python: "Python", javascript: "JavaScript", typescript: "TypeScript" };
  const EVENTS = {
    call: "entering the function",
    return: "returning",
    exception: "exception raised",
    yield: "yielding",
    await: "awaiting",
    resume: "resuming"
  };
  const STOPS = {
    steps: "the step budget ran out",
    time: "the time budget ran out",
    memory: "the program reached the memory limit",
    output: "the program printed more than the output limit",
    cpu: "the program used up its CPU-time limit",
    processes: "the program started more processes than allowed"
  };
  const reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const lineRows = [null];
  (function buildCode() {
    const lines = timeline.source.split(/\r\n|\r|\n/);
    if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
    const frag = document.createDocumentFragment();
    lines.forEach((text, i) => {
      const row = el("div", "line");
      row.dataset.line = String(i + 1);
      row.append(el("span", "no", String(i + 1)), el("span", "text", text));
      frag.append(row);
      lineRows.push(row);
    });
    ui.code.append(frag);
  })();
  ui.lang.textContent = LANGUAGES[timeline.language] || "";
  ui.slider.max = String(Math.max(total, 1));
  if (timeline.truncated) {
    const why = STOPS[timeline.stoppedBy] || "a budget ran out";
    ui.truncated.textContent = "Stopped early: " + why + "; the run went on past the last step shown.";
    ui.truncated.hidden = false;
  }
  ui.sampled.hidden = !timeline.sampled;
  showComplexity({ chip: ui.complexity, panel: ui.complexityPanel, root: element, estimate: data.complexity, listen });
  let current = -1;
  let shownSvg = null;
  let shownLoop = null;
  const marked = { "is-current": null, "is-prev": null, "is-error": null };
  function mark(cls, line) {
    const row = line && lineRows[line] || null;
    if (marked[cls] === row) return;
    if (marked[cls]) marked[cls].classList.remove(cls);
    if (row) row.classList.add(cls);
    marked[cls] = row;
  }
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
    const parts = [el("span", "lineno", "line " + steps.line[i])];
    const func = timeline.funcs[steps.func[i]];
    if (func) {
      const inFunc = el("span", null, "in ");
      inFunc.append(el("span", "func", func));
      parts.push(inFunc);
    }
    if (steps.depth[i] > 0) parts.push(el("span", "depth", "call depth " + steps.depth[i]));
    const event = EVENTS[steps.event[i]];
    if (event) parts.push(el("span", "event", event));
    const skipped = steps.skipped[i];
    if (skipped) {
      parts.push(el("span", "skipped", skipped.toLocaleString("en-US") + " steps of a long loop ran here unrecorded"));
    }
    ui.where.replaceChildren(...parts);
  }
  const KEEP = 400;
  function memo(draw) {
    const kept = /* @__PURE__ */ new Map();
    const get = function(i) {
      if (kept.has(i)) return kept.get(i);
      const svg = draw(i);
      kept.set(i, svg);
      if (kept.size > KEEP) kept.delete(kept.keys().next().value);
      return svg;
    };
    get.clear = () => kept.clear();
    return get;
  }
  const sheets = /* @__PURE__ */ new Set();
  function withoutStyle(svg) {
    const m = /<style>([\s\S]*?)<\/style>/.exec(svg);
    if (!m) return svg;
    if (!sheets.has(m[1])) {
      sheets.add(m[1]);
      const sheet = document.createElement("style");
      sheet.className = "algoscope-sheet";
      sheet.textContent = m[1];
      element.append(sheet);
      cleanups.push(() => sheet.remove());
    }
    return svg.slice(0, m.index) + svg.slice(m.index + m[0].length);
  }
  const pins = /* @__PURE__ */ new Map();
  const memorySvgOf = memo((i) => {
    const svg = pins.size ? viewer.memorySvgPinned(i, [...pins.keys()].join("\n"), new Float64Array([...pins.values()].flat())) : viewer.memorySvg(i);
    laidOut = Math.max(laidOut, i);
    return withoutStyle(svg);
  });
  const loopSvgOf = memo((i) => steps.inLoop[i] ? withoutStyle(viewer.loopSvg(i) || "") : "");
  function boxPositions() {
    const at = /* @__PURE__ */ new Map();
    for (const node of ui.memory.querySelectorAll("g.node[data-key]")) {
      if (node.parentElement && node.parentElement.closest("g.node")) continue;
      at.set(node.getAttribute("data-key"), [Number(node.getAttribute("data-x")), Number(node.getAttribute("data-y"))]);
    }
    return at;
  }
  const MIN_SCALE = 0.4;
  function storedFit(name) {
    try {
      return sessionStorage.getItem("algoscope-fit-" + name) !== "off";
    } catch (e) {
      return true;
    }
  }
  const fit = { memory: storedFit("memory"), loops: storedFit("loops") };
  const scaleOf = { memory: 1, loops: 1 };
  let zoom = null;
  function roomOf(box) {
    const style = getComputedStyle(box);
    return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }
  function fitScale(room, width) {
    if (!(width > 0) || !(room > 0)) return 1;
    return Math.max(MIN_SCALE, Math.min(1, room / width));
  }
  function scaleSvg(svg, scale) {
    if (scale === 1) {
      svg.style.removeProperty("width");
      svg.style.removeProperty("height");
      return;
    }
    svg.style.width = Number(svg.getAttribute("width")) * scale + "px";
    svg.style.height = Number(svg.getAttribute("height")) * scale + "px";
  }
  function fitMemory(room) {
    const svg = ui.memory.querySelector(":scope > svg");
    if (!svg) return;
    const width = Number(svg.getAttribute("width"));
    const scale = zoom ?? (fit.memory ? fitScale(room ?? roomOf(ui.memory), width) : 1);
    scaleOf.memory = scale;
    scaleSvg(svg, scale);
  }
  function fitLoops(room) {
    const svgs = ui.loopPicture.querySelectorAll(":scope > svg");
    const main = ui.loopPicture.querySelector(":scope > svg:not(.loop-heads)");
    if (!main) return;
    const width = Number(main.getAttribute("width"));
    const scale = fit.loops ? fitScale(room ?? roomOf(ui.loopPicture), width) : 1;
    scaleOf.loops = scale;
    for (const svg of svgs) scaleSvg(svg, scale);
    if (headsHeight) main.style.marginTop = -headsHeight * scale + "px";
  }
  function showFit(button, on) {
    button.textContent = on ? "Fit" : "100%";
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }
  function toggleFit(name, button, refit) {
    fit[name] = !fit[name];
    try {
      sessionStorage.setItem("algoscope-fit-" + name, fit[name] ? "on" : "off");
    } catch (e) {
    }
    showFit(button, fit[name]);
    refit();
  }
  showFit(ui.memoryFit, fit.memory);
  showFit(ui.loopsFit, fit.loops);
  listen(ui.memoryFit, "click", () => {
    if (zoom === null) {
      toggleFit("memory", ui.memoryFit, () => fitMemory());
      return;
    }
    zoom = null;
    if (!fit.memory) toggleFit("memory", ui.memoryFit, () => {
    });
    showFit(ui.memoryFit, fit.memory);
    fitMemory();
  });
  const MAX_ZOOM = 4;
  const ZOOM_STEP = 1.25;
  function zoomTo(scale, at) {
    const pane = ui.memory;
    if (!pane.querySelector(":scope > svg")) return;
    const next = Math.max(MIN_SCALE, Math.min(MAX_ZOOM, scale));
    const box = pane.getBoundingClientRect();
    const px = at ? at.x - box.left : pane.clientWidth / 2;
    const py = at ? at.y - box.top : pane.clientHeight / 2;
    const x = (pane.scrollLeft + px) / scaleOf.memory;
    const y = (pane.scrollTop + py) / scaleOf.memory;
    zoom = next;
    fitMemory();
    ui.memoryFit.textContent = Math.round(next * 100) + "%";
    ui.memoryFit.setAttribute("aria-pressed", "false");
    pane.scrollLeft = x * next - px;
    pane.scrollTop = y * next - py;
  }
  listen(ui.memoryIn, "click", () => zoomTo(scaleOf.memory * ZOOM_STEP));
  listen(ui.memoryOut, "click", () => zoomTo(scaleOf.memory / ZOOM_STEP));
  const onWheel = (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoomTo(scaleOf.memory * Math.exp(-event.deltaY * 2e-3), { x: event.clientX, y: event.clientY });
  };
  ui.memory.addEventListener("wheel", onWheel, { passive: false });
  cleanups.push(() => ui.memory.removeEventListener("wheel", onWheel));
  const pinsKey = "algoscope-pins:" + (settings.pins ?? timeline.language + ":" + title);
  try {
    for (const [key, at] of Object.entries(JSON.parse(sessionStorage.getItem(pinsKey) || "{}"))) {
      if (Array.isArray(at) && at.length === 2 && at.every(Number.isFinite)) pins.set(key, at);
    }
  } catch (e) {
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
    }
  }
  ui.unpin.hidden = pins.size === 0;
  listen(ui.unpin, "click", () => {
    pins.clear();
    pinsChanged(true);
  });
  let held = null;
  attachGestures(ui.memory, {
    listen,
    scale: () => scaleOf.memory,
    zoomTo,
    drag: {
      start() {
        held = zoom;
        zoom = scaleOf.memory;
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
        player.dispatchEvent(new CustomEvent("pin", { detail: { key, x: at[0], y: at[1] } }));
      }
    }
  });
  listen(ui.loopsFit, "click", () => {
    toggleFit("loops", ui.loopsFit, () => fitLoops());
    if (shownLoop) scrollToCurrentRow(rowScroll());
  });
  if (typeof ResizeObserver === "function") {
    const widths = /* @__PURE__ */ new Map();
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
      ui.memory.textContent = "This step cannot be drawn: " + (err && err.message);
      forgetSvg(ui.memory);
      shownSvg = null;
      return false;
    }
    if (shownSvg === svg) return false;
    const before = animate ? boxPositions() : null;
    showSvg(ui.memory, svg);
    shownSvg = svg;
    if (!before || typeof Element.prototype.animate !== "function") return true;
    for (const [key, [x, y]] of boxPositions()) {
      const was = before.get(key);
      if (!was) continue;
      const dx = was[0] - x;
      const dy = was[1] - y;
      if (!dx && !dy) continue;
      const node = ui.memory.querySelector('g.node[data-key="' + CSS.escape(key) + '"]');
      if (!node) continue;
      const own = (node.getAttribute("transform") || "").match(/translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)/);
      const tx = own ? Number(own[1]) : 0;
      const ty = own ? Number(own[2]) : 0;
      node.animate(
        [
          { transform: "translate(" + (tx + dx) + "px," + (ty + dy) + "px)" },
          { transform: "translate(" + tx + "px," + ty + "px)" }
        ],
        { duration: 180, easing: "ease-out" }
      );
    }
    return true;
  }
  function showLoops(i) {
    let svg = "";
    try {
      svg = loopSvgOf(i);
    } catch (err) {
      svg = "";
    }
    const running = svg.length > 0;
    ui.noLoop.textContent = "No loop running at this step.";
    ui.noLoop.hidden = running;
    ui.loops.classList.toggle("is-idle", !running);
    if (shownLoop === svg) return false;
    if (running) {
      for (const heads of ui.loopPicture.querySelectorAll(":scope > svg.loop-heads")) heads.remove();
      showSvg(ui.loopPicture, svg);
      pinColumnHeads();
    } else {
      ui.loopPicture.replaceChildren();
      forgetSvg(ui.loopPicture);
    }
    shownLoop = svg;
    return true;
  }
  let headsHeight = 0;
  function pinColumnHeads() {
    headsHeight = 0;
    const svg = ui.loopPicture.querySelector("svg");
    if (svg) svg.style.removeProperty("margin-top");
    const heads = svg && svg.querySelector("g.loop-columns[data-h]");
    if (!heads) return;
    const w = svg.getAttribute("width");
    const h = Number(heads.getAttribute("data-h"));
    const pinned = document.createElementNS(svg.namespaceURI, "svg");
    pinned.setAttribute("class", svg.getAttribute("class") + " loop-heads");
    pinned.setAttribute("width", w);
    pinned.setAttribute("height", String(h));
    pinned.setAttribute("viewBox", "0 0 " + w + " " + h);
    const paper = document.createElementNS(svg.namespaceURI, "rect");
    paper.setAttribute("class", "paper");
    paper.setAttribute("width", "100%");
    paper.setAttribute("height", "100%");
    pinned.append(paper, heads.cloneNode(true));
    svg.style.marginTop = -h + "px";
    ui.loopPicture.prepend(pinned);
    headsHeight = h;
  }
  function rowScroll() {
    return { top: ui.loopPicture.scrollTop, height: ui.loopPicture.clientHeight };
  }
  function scrollToCurrentRow(at) {
    const row = ui.loopPicture.querySelector("g.loop-row.current[data-y]");
    if (!row) return;
    const scale = scaleOf.loops;
    const top = Number(row.getAttribute("data-y")) * scale;
    const bottom = top + Number(row.getAttribute("data-h")) * scale;
    if (top < at.top + headsHeight * scale || bottom > at.top + at.height) {
      ui.loopPicture.scrollTop = Math.max(0, bottom - at.height + 24);
    }
  }
  function showOutput(i) {
    const end = steps.out[i];
    const start2 = i > 0 ? Math.min(steps.out[i - 1], end) : 0;
    ui.stdoutOld.textContent = timeline.stdout.slice(0, start2);
    ui.stdoutNew.textContent = timeline.stdout.slice(start2, end);
    ui.stdout.classList.toggle("is-empty", end === 0);
    return end > start2;
  }
  function showError(i) {
    const err = timeline.error;
    const atEnd = err && i === total - 1;
    if (atEnd && ui.error.hidden) {
      const parts = [el("span", "type", err.type), document.createTextNode(": "), el("span", "message", err.message)];
      if (err.line) parts.push(document.createTextNode(" (line " + err.line + ")"));
      ui.error.replaceChildren(...parts);
    }
    ui.error.hidden = !atEnd;
    mark("is-error", atEnd ? err.line : null);
  }
  function show(target, options) {
    if (total === 0) return;
    if (!(options && options.playing)) pause();
    const i = Math.max(0, Math.min(total - 1, target | 0));
    if (i === current) return;
    const animate = !reduceMotion && current >= 0 && Math.abs(i - current) === 1;
    current = i;
    ui.counter.textContent = "step " + (i + 1) + " / " + total + (timeline.truncated ? "+" : "");
    ui.slider.value = String(i + 1);
    ui.first.disabled = ui.prev.disabled = i === 0;
    ui.next.disabled = ui.last.disabled = i === total - 1;
    const line = steps.line[i];
    const before = i > 0 ? steps.line[i - 1] : null;
    mark("is-current", line);
    mark("is-prev", before !== line ? before : null);
    showWhere(i);
    if (i > laidOut + farSteps()) {
      const printed2 = showOutput(i);
      showError(i);
      const codeTop2 = lineScroll(line);
      const stdoutEnd2 = printed2 ? ui.stdout.scrollHeight : null;
      if (codeTop2 !== null) ui.code.scrollTop = codeTop2;
      if (stdoutEnd2 !== null) ui.stdout.scrollTop = stdoutEnd2;
      if (!(options && options.quiet)) player.dispatchEvent(new CustomEvent("step", { detail: { step: i } }));
      catchUp(options);
      return;
    }
    if (catching !== null) {
      clearTimeout(catching);
      catching = null;
    }
    waiting(false);
    const memoryChanged = showMemory(i, animate);
    const loopChanged = showLoops(i);
    const printed = showOutput(i);
    showError(i);
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
    if (!(options && options.quiet)) player.dispatchEvent(new CustomEvent("step", { detail: { step: i } }));
    if (settings.hash && !(options && options.fromHash)) {
      try {
        history.replaceState(null, "", "#step=" + (i + 1));
      } catch (e) {
      }
    }
  }
  const FAR_MS = 50;
  const SLICE_MS = 24;
  let msPerStep = 1;
  let catching = null;
  const farSteps = () => Math.max(4, Math.floor(FAR_MS / msPerStep));
  function waiting(on, step) {
    ui.memory.classList.toggle("is-waiting", on);
    ui.layingOut.hidden = !on;
    if (on) ui.layingOut.textContent = "Laying out the steps up to " + (step + 1) + "\u2026 " + Math.floor((laidOut + 1) * 100 / (step + 1)) + "%";
  }
  function catchUp(options) {
    waiting(true, current);
    if (catching !== null) return;
    const slice = () => {
      catching = null;
      if (destroyed) return;
      const target = current;
      const start2 = performance.now();
      let done = 0;
      try {
        while (laidOut < target - 1 && performance.now() - start2 < SLICE_MS) {
          viewer.prepare(laidOut + 1);
          laidOut += 1;
          done += 1;
        }
      } catch (err) {
        laidOut = target - 1;
      }
      if (done > 0) msPerStep = 0.7 * msPerStep + 0.3 * ((performance.now() - start2) / done);
      if (laidOut < target - 1) {
        waiting(true, target);
        catching = setTimeout(slice, 0);
        return;
      }
      current = -1;
      show(target, { ...options, playing: true, quiet: true });
    };
    catching = setTimeout(slice, 0);
  }
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
        }
      }
    });
  }
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
    ui.play.innerHTML = "&#x275A;&#x275A; Pause";
    ui.play.setAttribute("aria-pressed", "true");
    element.dataset.playing = "true";
    player.dispatchEvent(new Event("play"));
  }
  function pause() {
    if (playing === null) return;
    clearInterval(playing);
    playing = null;
    ui.play.innerHTML = "&#x25B6; Play";
    ui.play.setAttribute("aria-pressed", "false");
    delete element.dataset.playing;
    player.dispatchEvent(new Event("pause"));
  }
  const SIZE_LABELS = { python: "CPython sizes", textbook: "Textbook sizes", v8: "V8 sizes" };
  const sizeModels = timeline.sizeModels || [];
  for (const model of sizeModels) {
    const option = el("option", null, SIZE_LABELS[model] || model);
    option.value = model;
    ui.sizes.append(option);
  }
  ui.sizes.hidden = sizeModels.length === 0;
  function showViewOptions() {
    ui.nested.setAttribute("aria-pressed", String(Boolean(drawOptions.nested)));
    ui.sizes.value = drawOptions.sizes || "";
  }
  function stored(name) {
    try {
      return sessionStorage.getItem("algoscope-" + name);
    } catch (e) {
      return null;
    }
  }
  function store(name, value) {
    try {
      sessionStorage.setItem("algoscope-" + name, value);
    } catch (e) {
    }
  }
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
      const step = current;
      current = -1;
      show(step, { playing: true, quiet: true, fromHash: true });
    }
    prepareInBackground();
    player.dispatchEvent(new CustomEvent("options", { detail: { nested: Boolean(drawOptions.nested), sizes: drawOptions.sizes || null } }));
    return true;
  }
  listen(ui.nested, "click", () => {
    if (redrawWith({ nested: !drawOptions.nested })) store("nested", drawOptions.nested ? "on" : "off");
  });
  listen(ui.sizes, "change", () => {
    if (redrawWith({ sizes: ui.sizes.value || null })) store("sizes", ui.sizes.value);
  });
  {
    const wanted = {};
    const nested = stored("nested");
    if (nested !== null && nested === "on" !== Boolean(drawOptions.nested)) wanted.nested = nested === "on";
    const sizes = stored("sizes");
    if (sizes !== null && (sizes === "" || sizeModels.includes(sizes)) && (sizes || null) !== (drawOptions.sizes || null)) wanted.sizes = sizes || null;
    if (Object.keys(wanted).length) {
      try {
        const made = new Viewer(traceText, JSON.stringify({ ...drawOptions, ...wanted }));
        viewer.free();
        viewer = made;
        Object.assign(drawOptions, wanted);
      } catch (err) {
      }
    }
    showViewOptions();
  }
  function stepFromHash() {
    const m = /^#step=(\d+|last)$/.exec(location.hash);
    if (!m) return null;
    return m[1] === "last" ? total - 1 : Number(m[1]) - 1;
  }
  listen(ui.first, "click", () => show(0));
  listen(ui.prev, "click", () => show(current - 1));
  listen(ui.next, "click", () => show(current + 1));
  listen(ui.last, "click", () => show(total - 1));
  listen(ui.slider, "input", () => show(Number(ui.slider.value) - 1));
  if (settings.hash) listen(window, "hashchange", () => {
    const s = stepFromHash();
    if (s !== null) show(s, { fromHash: true });
  });
  listen(ui.play, "click", () => playing === null ? play() : pause());
  listen(ui.speed, "change", () => {
    if (playing !== null) {
      clearInterval(playing);
      playing = setInterval(tick, PLAY_MS / Number(ui.speed.value));
    }
  });
  listen(settings.keyboard === "document" ? document : element, "keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target === ui.slider) return;
    if (event.key === " " && !event.shiftKey) {
      if (event.target instanceof Element && event.target.closest("button, select, input, textarea, a")) return;
      event.preventDefault();
      if (playing === null) play();
      else pause();
      return;
    }
    const moves = event.shiftKey ? { ArrowLeft: current - 10, ArrowRight: current + 10 } : { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key]);
  });
  if (total === 0) {
    ui.counter.textContent = "no steps recorded";
    ui.memory.append(el("p", "no-steps", "The run recorded no steps."));
    for (const b of [ui.first, ui.prev, ui.next, ui.last, ui.slider, ui.play, ui.speed]) b.disabled = true;
    element.dataset.step = "0";
  } else {
    const fromHash = settings.hash ? stepFromHash() : null;
    show(fromHash !== null ? fromHash : settings.step || 0, { fromHash: true });
    prepareInBackground();
  }
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
        return;
      }
      next += 1;
      idle(slice);
    };
    idle(slice);
  }
  Object.defineProperties(player, {
    step: { get: () => current, enumerable: true },
    count: { value: total, enumerable: true },
    playing: { get: () => playing !== null, enumerable: true }
  });
  player.goTo = (i) => show(i);
  player.play = () => play();
  player.pause = () => pause();
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

// viewer/src/page.js
function fromBase64(text) {
  const raw = atob(text.trim());
  const bytes = new Uint8Array(raw.length);
  for (let k = 0; k < raw.length; k++) bytes[k] = raw.charCodeAt(k);
  return bytes;
}
async function gunzipBytes(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
async function start() {
  const root = document.getElementById("algoscope");
  try {
    const text = (id) => document.getElementById(id).textContent;
    const [trace, wasm2] = await Promise.all([
      gunzipText(fromBase64(text("algoscope-data"))),
      gunzipBytes(fromBase64(text("algoscope-wasm")))
    ]);
    const options = JSON.parse(text("algoscope-options"));
    const complexity = JSON.parse(text("algoscope-complexity"));
    await mount(root, { trace, options, complexity }, { wasm: wasm2, keyboard: "document", hash: true });
  } catch (err) {
    root.textContent = typeof DecompressionStream === "undefined" ? "This browser is too old to open the page (it needs DecompressionStream: Chrome or Edge 80, Firefox 113, Safari 16.4 or newer)." : "The page could not be shown: " + (err && err.message ? err.message : err);
    throw err;
  }
  if (window.performance && performance.mark) performance.mark("algoscope:first-step");
}
start();
