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
function stored(key) {
  try {
    return sessionStorage.getItem(key);
  } catch (e) {
    return null;
  }
}
function store(key, value) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch (e) {
  }
}

// viewer/src/code-pane.js
var EVENTS = {
  call: "entering the function",
  return: "returning",
  exception: "exception raised",
  yield: "yielding",
  await: "awaiting",
  resume: "resuming"
};
function lineScrollTop(top, bottom, view) {
  if (top >= view.scrollTop && bottom <= view.scrollTop + view.clientHeight) return null;
  return Math.max(0, top - view.clientHeight / 3);
}
function createCodePane({ code, where }, timeline) {
  const steps = timeline.steps;
  const rows = [null];
  const lines = timeline.source.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const frag = document.createDocumentFragment();
  lines.forEach((text, i) => {
    const row = el("div", "line");
    row.dataset.line = String(i + 1);
    row.append(el("span", "no", String(i + 1)), el("span", "text", text));
    frag.append(row);
    rows.push(row);
  });
  code.append(frag);
  const marked = { "is-current": null, "is-prev": null, "is-error": null };
  function mark(cls, line) {
    const row = line && rows[line] || null;
    if (marked[cls] === row) return;
    if (marked[cls]) marked[cls].classList.remove(cls);
    if (row) row.classList.add(cls);
    marked[cls] = row;
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
    where.replaceChildren(...parts);
  }
  return {
    show(i) {
      const line = steps.line[i];
      const before = i > 0 ? steps.line[i - 1] : null;
      mark("is-current", line);
      mark("is-prev", before !== line ? before : null);
      showWhere(i);
    },
    markError(line) {
      mark("is-error", line);
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
    }
  };
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

// viewer/src/drawings.js
var KEEP = 400;
function keep(draw, size = KEEP) {
  const kept = /* @__PURE__ */ new Map();
  const get = function(i) {
    if (kept.has(i)) return kept.get(i);
    const svg = draw(i);
    kept.set(i, svg);
    if (kept.size > size) kept.delete(kept.keys().next().value);
    return svg;
  };
  get.clear = () => kept.clear();
  return get;
}
function splitStyle(svg) {
  const m = /<style>([\s\S]*?)<\/style>/.exec(svg);
  if (!m) return null;
  return { sheet: m[1], svg: svg.slice(0, m.index) + svg.slice(m.index + m[0].length) };
}
function createDrawings(viewer, { root, timeline, cleanups }) {
  let laidOut = -1;
  const pins = /* @__PURE__ */ new Map();
  const sheets = /* @__PURE__ */ new Set();
  function withoutStyle(svg) {
    const split = splitStyle(svg);
    if (!split) return svg;
    if (!sheets.has(split.sheet)) {
      sheets.add(split.sheet);
      const sheet = document.createElement("style");
      sheet.className = "algoscope-sheet";
      sheet.textContent = split.sheet;
      root.append(sheet);
      cleanups.push(() => sheet.remove());
    }
    return split.svg;
  }
  const memorySvg = keep((i) => {
    const svg = pins.size ? viewer.memorySvgPinned(i, [...pins.keys()].join("\n"), new Float64Array([...pins.values()].flat())) : viewer.memorySvg(i);
    laidOut = Math.max(laidOut, i);
    return withoutStyle(svg);
  });
  const inLoop = timeline.steps.inLoop;
  const loopSvg = keep((i) => inLoop[i] ? withoutStyle(viewer.loopSvg(i) || "") : "");
  return {
    /** Step `i`'s memory picture (throws when it cannot be drawn). */
    memorySvg,
    /** Step `i`'s loop history, '' when no loop runs there. */
    loopSvg,
    get laidOut() {
      return laidOut;
    },
    /** Lays out the steps up to `i`. */
    prepare(i) {
      viewer.prepare(i);
      laidOut = Math.max(laidOut, i);
    },
    /** Counts the steps up to `i` as laid out (one failed: drawing it reports it). */
    skipTo(i) {
      laidOut = Math.max(laidOut, i);
    },
    /** The pinned boxes (read only: `pin` and `unpinAll` change them). */
    pins,
    /** Pins the box `key` at `at` ([x, y], diagram units) from now on. */
    pin(key, at) {
      pins.set(key, at);
      memorySvg.clear();
    },
    unpinAll() {
      pins.clear();
      memorySvg.clear();
    },
    /** Draws with `made` (a viewer with other draw options) from now on; frees the old one. */
    replace(made) {
      viewer.free();
      viewer = made;
      laidOut = -1;
      memorySvg.clear();
      loopSvg.clear();
    },
    free() {
      viewer.free();
    }
  };
}

// viewer/src/fit.js
var MIN_SCALE = 0.4;
var MAX_ZOOM = 4;
var ZOOM_STEP = 1.25;
function fitScale(room, width) {
  if (!(width > 0) || !(room > 0)) return 1;
  return Math.max(MIN_SCALE, Math.min(1, room / width));
}
function clampZoom(scale) {
  return Math.max(MIN_SCALE, Math.min(MAX_ZOOM, scale));
}
function zoomScroll(scroll, point, from, to) {
  const x = (scroll.left + point.x) / from;
  const y = (scroll.top + point.y) / from;
  return { left: x * to - point.x, top: y * to - point.y };
}
function roomOf(box) {
  const style = getComputedStyle(box);
  return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
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
function fitSetting(name, button) {
  let on = stored("algoscope-fit-" + name) !== "off";
  const show = () => {
    button.textContent = on ? "Fit" : "100%";
    button.setAttribute("aria-pressed", on ? "true" : "false");
  };
  show();
  return {
    get on() {
      return on;
    },
    toggle() {
      on = !on;
      store("algoscope-fit-" + name, on ? "on" : "off");
      show();
    },
    show
  };
}
function refitOnResize(panes, cleanups) {
  if (typeof ResizeObserver !== "function") return;
  const widths = /* @__PURE__ */ new Map();
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const w = entry.contentRect.width;
      if (widths.get(entry.target) === w) continue;
      widths.set(entry.target, w);
      panes.get(entry.target)();
    }
  });
  for (const pane of panes.keys()) observer.observe(pane);
  cleanups.push(() => observer.disconnect());
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

// viewer/src/loop-pane.js
function rowScrollTop(row, scale, at, heads) {
  const top = row.y * scale;
  const bottom = top + row.h * scale;
  if (top < at.top + heads * scale || bottom > at.top + at.height) return Math.max(0, bottom - at.height + 24);
  return null;
}
function createLoopPane(ui, { drawings, listen }) {
  const picture = ui.picture;
  const fit = fitSetting("loops", ui.fit);
  let scale = 1;
  let shownLoop = null;
  let headsHeight = 0;
  function show(i) {
    let svg = "";
    try {
      svg = drawings.loopSvg(i);
    } catch (err) {
      svg = "";
    }
    const running = svg.length > 0;
    ui.noLoop.textContent = "No loop running at this step.";
    ui.noLoop.hidden = running;
    ui.loops.classList.toggle("is-idle", !running);
    if (shownLoop === svg) return false;
    if (running) {
      for (const heads of picture.querySelectorAll(":scope > svg.loop-heads")) heads.remove();
      showSvg(picture, svg);
      pinColumnHeads();
    } else {
      picture.replaceChildren();
      forgetSvg(picture);
    }
    shownLoop = svg;
    return true;
  }
  function pinColumnHeads() {
    headsHeight = 0;
    const svg = picture.querySelector("svg");
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
    picture.prepend(pinned);
    headsHeight = h;
  }
  function fitLoops(room) {
    const svgs = picture.querySelectorAll(":scope > svg");
    const main = picture.querySelector(":scope > svg:not(.loop-heads)");
    if (!main) return;
    const width = Number(main.getAttribute("width"));
    scale = fit.on ? fitScale(room ?? roomOf(picture), width) : 1;
    for (const svg of svgs) scaleSvg(svg, scale);
    if (headsHeight) main.style.marginTop = -headsHeight * scale + "px";
  }
  function rowScroll() {
    return { top: picture.scrollTop, height: picture.clientHeight };
  }
  function scrollToCurrentRow(at) {
    const row = picture.querySelector("g.loop-row.current[data-y]");
    if (!row) return;
    const top = rowScrollTop({ y: Number(row.getAttribute("data-y")), h: Number(row.getAttribute("data-h")) }, scale, at, headsHeight);
    if (top !== null) picture.scrollTop = top;
  }
  listen(ui.fit, "click", () => {
    fit.toggle();
    fitLoops();
    if (shownLoop) scrollToCurrentRow(rowScroll());
  });
  return {
    show,
    get showing() {
      return Boolean(shownLoop);
    },
    room: () => roomOf(picture),
    fit: fitLoops,
    rowScroll,
    scrollToCurrentRow
  };
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

// viewer/src/memory-pane.js
function createMemoryPane(ui, { drawings, stepShown, pins, listen, onPin }) {
  const pane = ui.memory;
  let shownSvg = null;
  const fit = fitSetting("memory", ui.fit);
  let scale = 1;
  let zoom = null;
  function boxPositions() {
    const at = /* @__PURE__ */ new Map();
    for (const node of pane.querySelectorAll("g.node[data-key]")) {
      if (node.parentElement && node.parentElement.closest("g.node")) continue;
      at.set(node.getAttribute("data-key"), [Number(node.getAttribute("data-x")), Number(node.getAttribute("data-y"))]);
    }
    return at;
  }
  function show(i, animate) {
    let svg;
    try {
      svg = drawings.memorySvg(i);
    } catch (err) {
      pane.textContent = "This step cannot be drawn: " + (err && err.message);
      forgetSvg(pane);
      shownSvg = null;
      return false;
    }
    if (shownSvg === svg) return false;
    const before = animate ? boxPositions() : null;
    showSvg(pane, svg);
    shownSvg = svg;
    if (!before || typeof Element.prototype.animate !== "function") return true;
    for (const [key, [x, y]] of boxPositions()) {
      const was = before.get(key);
      if (!was) continue;
      const dx = was[0] - x;
      const dy = was[1] - y;
      if (!dx && !dy) continue;
      const node = pane.querySelector('g.node[data-key="' + CSS.escape(key) + '"]');
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
  function fitMemory(room) {
    const svg = pane.querySelector(":scope > svg");
    if (!svg) return;
    const width = Number(svg.getAttribute("width"));
    scale = zoom ?? (fit.on ? fitScale(room ?? roomOf(pane), width) : 1);
    scaleSvg(svg, scale);
  }
  listen(ui.fit, "click", () => {
    if (zoom === null) {
      fit.toggle();
      fitMemory();
      return;
    }
    zoom = null;
    if (!fit.on) fit.toggle();
    fit.show();
    fitMemory();
  });
  function zoomTo(wanted, at) {
    if (!pane.querySelector(":scope > svg")) return;
    const next = clampZoom(wanted);
    const box = pane.getBoundingClientRect();
    const point = { x: at ? at.x - box.left : pane.clientWidth / 2, y: at ? at.y - box.top : pane.clientHeight / 2 };
    const scroll = zoomScroll({ left: pane.scrollLeft, top: pane.scrollTop }, point, scale, next);
    zoom = next;
    fitMemory();
    ui.fit.textContent = Math.round(next * 100) + "%";
    ui.fit.setAttribute("aria-pressed", "false");
    pane.scrollLeft = scroll.left;
    pane.scrollTop = scroll.top;
  }
  listen(ui.zoomIn, "click", () => zoomTo(scale * ZOOM_STEP));
  listen(ui.zoomOut, "click", () => zoomTo(scale / ZOOM_STEP));
  listen(pane, "wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoomTo(scale * Math.exp(-event.deltaY * 2e-3), { x: event.clientX, y: event.clientY });
  }, { passive: false });
  const pinsKey = "algoscope-pins:" + pins;
  try {
    for (const [key, at] of Object.entries(JSON.parse(stored(pinsKey) || "{}"))) {
      if (Array.isArray(at) && at.length === 2 && at.every(Number.isFinite)) drawings.pin(key, at);
    }
  } catch (e) {
  }
  function pinsChanged(save) {
    ui.unpin.hidden = drawings.pins.size === 0;
    const i = stepShown();
    if (i >= 0 && show(i, false)) fitMemory();
    if (save) store(pinsKey, drawings.pins.size ? JSON.stringify(Object.fromEntries(drawings.pins)) : null);
  }
  ui.unpin.hidden = drawings.pins.size === 0;
  listen(ui.unpin, "click", () => {
    drawings.unpinAll();
    pinsChanged(true);
  });
  let held = null;
  attachGestures(pane, {
    listen,
    scale: () => scale,
    zoomTo,
    drag: {
      start() {
        held = zoom;
        zoom = scale;
      },
      move(key, at) {
        drawings.pin(key, at);
        pinsChanged(false);
      },
      drop(key, at) {
        zoom = held;
        drawings.pin(key, at);
        pinsChanged(true);
        fitMemory();
        onPin(key, at);
      }
    }
  });
  return {
    show,
    room: () => roomOf(pane),
    fit: fitMemory,
    /** Says the catch-up of a far jump is laying out the steps up to `to` (on), or nothing. */
    waiting(on, to, laidOut) {
      pane.classList.toggle("is-waiting", on);
      ui.layingOut.hidden = !on;
      if (on) ui.layingOut.textContent = "Laying out the steps up to " + (to + 1) + "\u2026 " + Math.floor((laidOut + 1) * 100 / (to + 1)) + "%";
    }
  };
}

// viewer/src/navigation.js
var PLAY_MS = 700;
function clampStep(target, total) {
  return Math.max(0, Math.min(total - 1, target | 0));
}
function stepFromHash(hash, total) {
  const m = /^#step=(\d+|last)$/.exec(hash);
  if (!m) return null;
  return m[1] === "last" ? total - 1 : Number(m[1]) - 1;
}
function stepHash(i) {
  return "#step=" + (i + 1);
}
function replaceHash(i) {
  try {
    history.replaceState(null, "", stepHash(i));
  } catch (e) {
  }
}
function keyMove(event, current, total) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === " " && !event.shiftKey) return "play";
  const moves = event.shiftKey ? { ArrowLeft: current - 10, ArrowRight: current + 10 } : { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total - 1 };
  return event.key in moves ? moves[event.key] : null;
}
function createNavigation({ total, draw, speed, onPlay, onPause, timers = browserTimers() }) {
  let current = -1;
  let playing = null;
  function go(target, options = {}) {
    if (total === 0) return;
    if (!options.playing) pause();
    const i = clampStep(target, total);
    if (i === current) return;
    const from = current;
    current = i;
    draw(i, from, options);
  }
  function tick() {
    if (current >= total - 1) pause();
    else go(current + 1, { playing: true });
  }
  function play() {
    if (playing !== null || total < 2) return;
    if (current >= total - 1) go(0);
    playing = timers.setInterval(tick, PLAY_MS / speed());
    onPlay();
  }
  function pause() {
    if (playing === null) return;
    timers.clearInterval(playing);
    playing = null;
    onPause();
  }
  return {
    get step() {
      return current;
    },
    get playing() {
      return playing !== null;
    },
    go,
    play,
    pause,
    /** Plays when paused, pauses when playing. */
    toggle() {
      if (playing === null) play();
      else pause();
    },
    /** Draws the step shown afresh (a move from nowhere: nothing slides), without pausing. */
    redraw(options) {
      if (current < 0) return;
      const i = current;
      current = -1;
      go(i, { ...options, playing: true });
    },
    /** Playback at the pace `speed()` gives now (after the speed changed). */
    retime() {
      if (playing === null) return;
      timers.clearInterval(playing);
      playing = timers.setInterval(tick, PLAY_MS / speed());
    }
  };
}
function browserTimers() {
  return { setInterval: (f, ms) => setInterval(f, ms), clearInterval: (id) => clearInterval(id) };
}

// viewer/src/output-pane.js
function printedAt(out, i) {
  const end = out[i];
  const start2 = i > 0 ? Math.min(out[i - 1], end) : 0;
  return { start: start2, end };
}
function createOutputPane({ stdout, stdoutOld, stdoutNew, error }, timeline) {
  const out = timeline.steps.out;
  const last = timeline.steps.line.length - 1;
  return {
    show(i) {
      const { start: start2, end } = printedAt(out, i);
      stdoutOld.textContent = timeline.stdout.slice(0, start2);
      stdoutNew.textContent = timeline.stdout.slice(start2, end);
      stdout.classList.toggle("is-empty", end === 0);
      return end > start2;
    },
    showError(i) {
      const err = timeline.error;
      const atEnd = err && i === last;
      if (atEnd && error.hidden) {
        const parts = [el("span", "type", err.type), document.createTextNode(": "), el("span", "message", err.message)];
        if (err.line) parts.push(document.createTextNode(" (line " + err.line + ")"));
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
    }
  };
}

// viewer/src/preparation.js
var FAR_MS = 50;
var SLICE_MS = 24;
var PREPARE_SLICE = 25;
function createPreparation({ drawings, total, target, arrive, waiting, clock = browserClock() }) {
  let stopped = false;
  let msPerStep = 1;
  let catching = null;
  let neighbours = null;
  let preparing = 0;
  const farSteps = () => Math.max(4, Math.floor(FAR_MS / msPerStep));
  return {
    /** Whether showing step `i` now would lay out more than about FAR_MS of steps. */
    isFar(i) {
      return i > drawings.laidOut + farSteps();
    },
    /** Lays out the steps up to `target()` in slices, then `arrive(options)`; retargets when one runs. */
    catchUp(options) {
      waiting(target(), drawings.laidOut);
      if (catching !== null) return;
      const slice = () => {
        catching = null;
        if (stopped) return;
        const to = target();
        const start2 = clock.now();
        let done = 0;
        try {
          while (drawings.laidOut < to - 1 && clock.now() - start2 < SLICE_MS) {
            drawings.prepare(drawings.laidOut + 1);
            done += 1;
          }
        } catch (err) {
          drawings.skipTo(to - 1);
        }
        if (done > 0) msPerStep = 0.7 * msPerStep + 0.3 * ((clock.now() - start2) / done);
        if (drawings.laidOut < to - 1) {
          waiting(to, drawings.laidOut);
          catching = clock.setTimeout(slice, 0);
          return;
        }
        arrive(options);
      };
      catching = clock.setTimeout(slice, 0);
    },
    /** Drops a pending catch-up (a near move needs it no more). */
    cancelCatchUp() {
      if (catching === null) return;
      clock.clearTimeout(catching);
      catching = null;
    },
    /** Once step `i` is on screen, draws the steps beside it while the page is idle, so Next
     * and Prev find their pictures ready. */
    neighbours(i) {
      if (neighbours !== null) clock.cancelIdle(neighbours);
      neighbours = clock.idle(() => {
        neighbours = null;
        for (const j of [i + 1, i - 1]) {
          if (stopped || j < 0 || j >= total) continue;
          try {
            drawings.memorySvg(j);
            drawings.loopSvg(j);
          } catch (err) {
          }
        }
      });
    },
    /** Lays out the steps not laid out yet, a slice at a time while the page is idle, so a
     * later jump costs one layout rather than one per step before it. Called again (new draw
     * options), it starts over and the earlier run stops. */
    inBackground() {
      let next = 0;
      const mine = ++preparing;
      const slice = () => {
        if (stopped || next >= total || mine !== preparing) return;
        next = Math.min(total - 1, Math.max(next, drawings.laidOut + 1) + PREPARE_SLICE);
        try {
          drawings.prepare(next);
        } catch (err) {
          return;
        }
        next += 1;
        clock.idle(slice);
      };
      clock.idle(slice);
    },
    /** Stops everything pending, for good. */
    stop() {
      stopped = true;
      if (neighbours !== null) clock.cancelIdle(neighbours);
      if (catching !== null) clock.clearTimeout(catching);
    }
  };
}
function browserClock() {
  return {
    now: () => performance.now(),
    setTimeout: (f, ms) => setTimeout(f, ms),
    clearTimeout: (id) => clearTimeout(id),
    idle: globalThis.requestIdleCallback ? (f) => requestIdleCallback(f) : (f) => setTimeout(f, 16),
    cancelIdle: globalThis.cancelIdleCallback ? (id) => cancelIdleCallback(id) : (id) => clearTimeout(id)
  };
}

// viewer/src/view-options.js
var SIZE_LABELS = { python: "CPython sizes", textbook: "Textbook sizes", v8: "V8 sizes" };
function sessionChanges(kept, options, sizeModels) {
  const wanted = {};
  const { nested, sizes } = kept;
  if (nested !== null && nested === "on" !== Boolean(options.nested)) wanted.nested = nested === "on";
  if (sizes !== null && (sizes === "" || sizeModels.includes(sizes)) && (sizes || null) !== (options.sizes || null)) wanted.sizes = sizes || null;
  return wanted;
}
function createViewOptions(ui, { drawOptions, sizeModels, drawings, makeViewer, listen, onRedraw }) {
  for (const model of sizeModels) {
    const option = el("option", null, SIZE_LABELS[model] || model);
    option.value = model;
    ui.sizes.append(option);
  }
  ui.sizes.hidden = sizeModels.length === 0;
  function show() {
    ui.nested.setAttribute("aria-pressed", String(Boolean(drawOptions.nested)));
    ui.sizes.value = drawOptions.sizes || "";
  }
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
  listen(ui.nested, "click", () => {
    if (redrawWith({ nested: !drawOptions.nested })) store("algoscope-nested", drawOptions.nested ? "on" : "off");
  });
  listen(ui.sizes, "change", () => {
    if (redrawWith({ sizes: ui.sizes.value || null })) store("algoscope-sizes", ui.sizes.value);
  });
  const wanted = sessionChanges({ nested: stored("algoscope-nested"), sizes: stored("algoscope-sizes") }, drawOptions, sizeModels);
  if (Object.keys(wanted).length) {
    try {
      drawings.replace(makeViewer({ ...drawOptions, ...wanted }));
      Object.assign(drawOptions, wanted);
    } catch (err) {
    }
  }
  show();
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
var LANGUAGES = { python: "Python", javascript: "JavaScript", typescript: "TypeScript" };
var STOPS = {
  steps: "the step budget ran out",
  time: "the time budget ran out",
  memory: "the program reached the memory limit",
  output: "the program printed more than the output limit",
  cpu: "the program used up its CPU-time limit",
  processes: "the program started more processes than allowed"
};
async function gunzipText(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}
async function mount(element, data, settings = {}) {
  await __wbg_init(settings.wasm === void 0 ? void 0 : { module_or_path: settings.wasm });
  const traceText = typeof data.trace === "string" ? data.trace : await gunzipText(data.trace);
  const drawOptions = { ...data.options || {} };
  const makeViewer = (options) => new Viewer(traceText, JSON.stringify(options));
  const viewer = makeViewer(drawOptions);
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
    truncated: $("truncated"),
    sampled: $("sampled"),
    memory: $("memory"),
    play: $("play"),
    speed: $("speed"),
    lang: $("lang"),
    title: $("title")
  };
  ui.title.textContent = title;
  const total = timeline.steps.line.length;
  const player = new EventTarget();
  const cleanups = [];
  let destroyed = false;
  const listen = (target, type, handler, options) => {
    target.addEventListener(type, handler, options);
    cleanups.push(() => target.removeEventListener(type, handler, options));
  };
  const dispatch = (type, detail) => player.dispatchEvent(detail === void 0 ? new Event(type) : new CustomEvent(type, { detail }));
  const reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const code = createCodePane({ code: $("code"), where: $("where") }, timeline);
  ui.lang.textContent = LANGUAGES[timeline.language] || "";
  ui.slider.max = String(Math.max(total, 1));
  if (timeline.truncated) {
    const why = STOPS[timeline.stoppedBy] || "a budget ran out";
    ui.truncated.textContent = "Stopped early: " + why + "; the run went on past the last step shown.";
    ui.truncated.hidden = false;
  }
  ui.sampled.hidden = !timeline.sampled;
  showComplexity({ chip: $("complexity"), panel: $("complexity-panel"), root: element, estimate: data.complexity, listen });
  const drawings = createDrawings(viewer, { root: element, timeline, cleanups });
  const memory = createMemoryPane(
    { memory: ui.memory, fit: $("memory-fit"), zoomIn: $("memory-in"), zoomOut: $("memory-out"), unpin: $("memory-unpin"), layingOut: $("laying-out") },
    {
      drawings,
      stepShown: () => nav.step,
      pins: settings.pins ?? timeline.language + ":" + title,
      listen,
      onPin: (key, at) => dispatch("pin", { key, x: at[0], y: at[1] })
    }
  );
  const loops = createLoopPane({ loops: $("loops"), picture: $("loop-picture"), noLoop: $("no-loop"), fit: $("loops-fit") }, { drawings, listen });
  const output = createOutputPane({ stdout: $("stdout"), stdoutOld: $("stdout-old"), stdoutNew: $("stdout-new"), error: $("error") }, timeline);
  refitOnResize(/* @__PURE__ */ new Map([[ui.memory, () => memory.fit()], [$("loop-picture"), () => loops.fit()]]), cleanups);
  const nav = createNavigation({
    total,
    draw,
    speed: () => Number(ui.speed.value),
    onPlay() {
      ui.play.innerHTML = "&#x275A;&#x275A; Pause";
      ui.play.setAttribute("aria-pressed", "true");
      element.dataset.playing = "true";
      dispatch("play");
    },
    onPause() {
      ui.play.innerHTML = "&#x25B6; Play";
      ui.play.setAttribute("aria-pressed", "false");
      delete element.dataset.playing;
      dispatch("pause");
    }
  });
  const ahead = createPreparation({
    drawings,
    total,
    target: () => nav.step,
    // The step event went out with the jump; this draws its pictures.
    arrive: (options) => nav.redraw({ ...options, quiet: true }),
    waiting: (to, laidOut) => memory.waiting(true, to, laidOut)
  });
  createViewOptions({ nested: $("memory-nested"), sizes: $("memory-sizes") }, {
    drawOptions,
    sizeModels: timeline.sizeModels || [],
    drawings,
    makeViewer,
    listen,
    onRedraw(detail) {
      nav.redraw({ quiet: true, fromHash: true });
      ahead.inBackground();
      dispatch("options", detail);
    }
  });
  function draw(i, from, options) {
    const animate = !reduceMotion && from >= 0 && Math.abs(i - from) === 1;
    ui.counter.textContent = "step " + (i + 1) + " / " + total + (timeline.truncated ? "+" : "");
    ui.slider.value = String(i + 1);
    ui.first.disabled = ui.prev.disabled = i === 0;
    ui.next.disabled = ui.last.disabled = i === total - 1;
    code.show(i);
    const far = ahead.isFar(i);
    let memoryChanged = false;
    let loopChanged = false;
    if (!far) {
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
      if (!options.quiet) dispatch("step", { step: i });
      ahead.catchUp(options);
      return;
    }
    element.dataset.step = String(i + 1);
    ahead.neighbours(i);
    if (!options.quiet) dispatch("step", { step: i });
    if (settings.hash && !options.fromHash) replaceHash(i);
  }
  listen(ui.first, "click", () => nav.go(0));
  listen(ui.prev, "click", () => nav.go(nav.step - 1));
  listen(ui.next, "click", () => nav.go(nav.step + 1));
  listen(ui.last, "click", () => nav.go(total - 1));
  listen(ui.slider, "input", () => nav.go(Number(ui.slider.value) - 1));
  if (settings.hash) listen(window, "hashchange", () => {
    const s = stepFromHash(location.hash, total);
    if (s !== null) nav.go(s, { fromHash: true });
  });
  listen(ui.play, "click", () => nav.toggle());
  listen(ui.speed, "change", () => nav.retime());
  listen(settings.keyboard === "document" ? document : element, "keydown", (event) => {
    if (event.target === ui.slider) return;
    const move = keyMove(event, nav.step, total);
    if (move === null) return;
    if (move === "play" && event.target instanceof Element && event.target.closest("button, select, input, textarea, a")) return;
    event.preventDefault();
    if (move === "play") nav.toggle();
    else nav.go(move);
  });
  if (total === 0) {
    ui.counter.textContent = "no steps recorded";
    ui.memory.append(el("p", "no-steps", "The run recorded no steps."));
    for (const b of [ui.first, ui.prev, ui.next, ui.last, ui.slider, ui.play, ui.speed]) b.disabled = true;
    element.dataset.step = "0";
  } else {
    const fromHash = settings.hash ? stepFromHash(location.hash, total) : null;
    nav.go(fromHash !== null ? fromHash : settings.step || 0, { fromHash: true });
    ahead.inBackground();
  }
  Object.defineProperties(player, {
    step: { get: () => nav.step, enumerable: true },
    count: { value: total, enumerable: true },
    playing: { get: () => nav.playing, enumerable: true }
  });
  player.goTo = (i) => nav.go(i);
  player.play = () => nav.play();
  player.pause = () => nav.pause();
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
