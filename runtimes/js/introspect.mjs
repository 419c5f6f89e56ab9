// What a value is and what it holds, read without running the program's code: the built-ins
// the recorder reads through, captured when this module loads (before any program runs, so a
// program that replaces Array.prototype methods, Map.prototype.entries or Reflect cannot fool
// it), the kind of an object (checked by brand, never by `instanceof`), names, sizes and texts.
// Properties are read through their descriptors (getters are never called).

export const {
  getPrototypeOf,
  getOwnPropertyDescriptor,
  ownKeys,
  apply,
} = Reflect;
export const ObjectProto = Object.prototype;
export const ArrayProto = Array.prototype;
export const hasOwn = Object.hasOwn;
const fnToString = Function.prototype.toString;
export const mapSize = getOwnPropertyDescriptor(Map.prototype, 'size').get;
export const setSize = getOwnPropertyDescriptor(Set.prototype, 'size').get;
export const mapEntries = Map.prototype.entries;
export const setValues = Set.prototype.values;
export const dateGetTime = Date.prototype.getTime;
const dateToISO = Date.prototype.toISOString;
export const regexpSource = getOwnPropertyDescriptor(RegExp.prototype, 'source').get;
export const regexpFlags = getOwnPropertyDescriptor(RegExp.prototype, 'flags').get;
const typedArrayProto = getPrototypeOf(Int8Array.prototype);
export const typedArrayTag = getOwnPropertyDescriptor(typedArrayProto, Symbol.toStringTag).get;
export const typedArrayLength = getOwnPropertyDescriptor(typedArrayProto, 'length').get;
const symbolToString = Symbol.prototype.toString;
const isArray = Array.isArray;
export const generatorProto = getPrototypeOf(function* () {}).prototype;
export const asyncGeneratorProto = getPrototypeOf(async function* () {}).prototype;

/** True when `fn` succeeds on `value` (a brand check through a built-in). */
function brand(fn, value) {
  try {
    apply(fn, value, []);
    return true;
  } catch {
    return false;
  }
}

const kinds = new WeakMap();

/**
 * Which built-in kind an object is, checked without running its code. An object's kind never
 * changes, so it is worked out once (the brand checks throw, which is slow).
 */
export function kindOf(value, proxies) {
  if (proxies && proxies.has(value)) return 'proxy';
  let kind = kinds.get(value);
  if (kind === undefined) {
    kind = findKind(value);
    kinds.set(value, kind);
  }
  return kind;
}

function findKind(value) {
  if (typeof value === 'function') {
    const src = apply(fnToString, value, []);
    return src.startsWith('class') ? 'class' : 'function';
  }
  if (isArray(value)) return 'array';
  if (brand(typedArrayTag, value) && apply(typedArrayTag, value, []) !== undefined) return 'typedarray';
  if (brand(mapSize, value)) return 'map';
  if (brand(setSize, value)) return 'set';
  if (brand(dateGetTime, value)) return 'date';
  if (brand(regexpSource, value) && value !== RegExp.prototype) return 'regexp';
  if (protoChainHas(value, Error.prototype)) return 'error';
  if (protoChainHas(value, Promise.prototype)) return 'promise';
  if (protoChainHas(value, generatorProto)) return 'generator';
  if (protoChainHas(value, asyncGeneratorProto)) return 'asyncgenerator';
  if (protoChainHas(value, WeakMap.prototype)) return 'weakmap';
  if (protoChainHas(value, WeakSet.prototype)) return 'weakset';
  return 'object';
}

/** Whether `proto` is on the prototype chain of `value` (no Symbol.hasInstance). */
function protoChainHas(value, proto) {
  let p = value;
  for (let i = 0; i < 10000 && p != null; i++) {
    p = getPrototypeOf(p);
    if (p === proto) return true;
  }
  return false;
}

/** An own data property's value, or undefined (getters are never called). */
export function ownData(obj, key) {
  const d = getOwnPropertyDescriptor(obj, key);
  return d && 'value' in d ? d.value : undefined;
}

/** The constructor name of an object, from its prototype's own `constructor` data property. */
export function constructorName(value) {
  const proto = getPrototypeOf(value);
  if (proto === null) return null;
  const ctor = ownData(proto, 'constructor');
  if (typeof ctor === 'function') {
    const name = ownData(ctor, 'name');
    if (typeof name === 'string' && name !== '') return name;
  }
  return 'Object';
}

/** A function's own name, or ''. */
export function functionName(fn) {
  const name = ownData(fn, 'name');
  return typeof name === 'string' ? name : '';
}

export function typedArrayInfo(value) {
  return { tag: apply(typedArrayTag, value, []), length: apply(typedArrayLength, value, []) };
}

export function mapEntryList(value, limit = Infinity) {
  const out = [];
  const it = apply(mapEntries, value, []);
  for (let r = it.next(); !r.done && out.length < limit; r = it.next()) out.push(r.value);
  return { entries: out, size: apply(mapSize, value, []) };
}

export function setValueList(value, limit = Infinity) {
  const out = [];
  const it = apply(setValues, value, []);
  for (let r = it.next(); !r.done && out.length < limit; r = it.next()) out.push(r.value);
  return { values: out, size: apply(setSize, value, []) };
}

export function dateText(value) {
  const t = apply(dateGetTime, value, []);
  return Number.isNaN(t) ? 'Invalid Date' : apply(dateToISO, value, []);
}

export function regexpText(value) {
  return `/${apply(regexpSource, value, [])}/${apply(regexpFlags, value, [])}`;
}

export function symbolText(sym) {
  return apply(symbolToString, sym, []);
}

/** Error type name and message, read without running user code. */
export function errorInfo(err) {
  if (err === null || (typeof err !== 'object' && typeof err !== 'function')) {
    return { type: typeof err === 'undefined' ? 'undefined' : typeof err, message: primitiveText(err) };
  }
  let type = constructorName(err) || 'Object';
  const ownName = ownData(err, 'name');
  if (typeof ownName === 'string') type = ownName;
  let message = ownData(err, 'message');
  if (typeof message !== 'string') message = message === undefined ? '' : primitiveText(message);
  return { type, message };
}

function primitiveText(v) {
  if (typeof v === 'symbol') return symbolText(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (Object.is(v, -0)) return '-0';
  if (v !== null && (typeof v === 'object' || typeof v === 'function')) return '[object]';
  return String(v);
}

/** The length of `s` in code points (a surrogate pair counts once). */
export function codePoints(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
      n++;
    }
  }
  return n;
}

/**
 * The number of items `for … of` runs over `v`, when it can be known without program code
 * (null otherwise).
 * @param {unknown} v @param {WeakSet<object>} proxies the Proxies the program made
 */
export function sizeOf(v, proxies) {
  if (typeof v === 'string') return codePoints(v);
  if (v === null || typeof v !== 'object') return null;
  switch (kindOf(v, proxies)) {
    case 'array': {
      const n = ownData(v, 'length');
      return typeof n === 'number' ? n : null;
    }
    case 'typedarray':
      return apply(typedArrayLength, v, []);
    case 'map':
      return apply(mapSize, v, []);
    case 'set':
      return apply(setSize, v, []);
    default:
      return null;
  }
}

/**
 * `v` followed through own data properties `keys` when it ends at a number; else NaN.
 * @param {unknown} v @param {unknown[]} keys @param {WeakSet<object>} proxies
 */
export function numberAt(v, keys, proxies) {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (typeof k !== 'string' && typeof k !== 'number') return NaN;
    if (typeof v === 'string') {
      if (k !== 'length') return NaN;
      v = v.length;
      continue;
    }
    if (v === null || typeof v !== 'object') return NaN;
    const kind = kindOf(v, proxies);
    if (kind === 'proxy') return NaN;
    if (k === 'size' && (kind === 'map' || kind === 'set')) v = apply(kind === 'map' ? mapSize : setSize, v, []);
    else if (k === 'length' && kind === 'typedarray') v = apply(typedArrayLength, v, []);
    else v = ownData(v, k);
  }
  return typeof v === 'number' ? v : NaN;
}
