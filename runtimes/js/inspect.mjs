// Values formatted the way Node's console does (util.format / util.inspect defaults: depth 2,
// breakLength 80, compact 3, array grouping), written without Node-only modules so a browser
// can use it: `format` joins console.log's arguments, `inspect` formats one value, `quote` a
// string. It never runs the program's code: properties are read through their descriptors
// (getters show as [Getter]), and Proxies the recorder knows are shown as such.

import {
  constructorName,
  dateText,
  errorInfo,
  functionName,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  kindOf,
  mapEntryList,
  ownData,
  ownKeys,
  regexpText,
  setValueList,
  symbolText,
  typedArrayInfo,
} from './introspect.mjs';

// ----- quoting ------------------------------------------------------------------------

const meta = [
  '\\x00', '\\x01', '\\x02', '\\x03', '\\x04', '\\x05', '\\x06', '\\x07',
  '\\b', '\\t', '\\n', '\\x0B', '\\f', '\\r', '\\x0E', '\\x0F',
  '\\x10', '\\x11', '\\x12', '\\x13', '\\x14', '\\x15', '\\x16', '\\x17',
  '\\x18', '\\x19', '\\x1A', '\\x1B', '\\x1C', '\\x1D', '\\x1E', '\\x1F',
];

/** A string quoted the way Node's inspect does (single quotes unless the text has them). */
export function quote(str) {
  let q = "'";
  if (str.includes("'")) {
    if (!str.includes('"')) q = '"';
    else if (!str.includes('`') && !str.includes('${')) q = '`';
  }
  let out = '';
  for (const ch of str) {
    const c = ch.codePointAt(0);
    if (ch === q || ch === '\\') out += '\\' + ch;
    else if (c < 0x20) out += meta[c];
    else if (c === 0x7f) out += '\\x7F';
    else out += ch;
  }
  return q + out + q;
}

const identRe = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

// ----- inspect ------------------------------------------------------------------------

/**
 * Formats `value` like Node's util.inspect with default options.
 * @param {unknown} value
 * @param {{proxies?: WeakSet<object>}} [options]
 */
export function inspect(value, options = {}) {
  const ctx = {
    depth: options.depth ?? 2,
    breakLength: 80,
    compact: 3,
    indentationLvl: 0,
    currentDepth: 0,
    seen: [],
    circular: new Map(),
    proxies: options.proxies,
  };
  return formatValue(ctx, value, 0, false);
}

function formatPrimitive(value, nested) {
  switch (typeof value) {
    case 'string':
      return nested ? quote(value) : value;
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return symbolText(value);
    default:
      return String(value);
  }
}

function formatValue(ctx, value, recurseTimes, typedArray) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    return formatPrimitive(value, true);
  }
  if (ctx.seen.includes(value)) {
    let index = 1;
    if (!ctx.circular.has(value)) {
      ctx.circular.set(value, ctx.circular.size + 1);
    }
    index = ctx.circular.get(value);
    return `[Circular *${index}]`;
  }
  return formatRaw(ctx, value, recurseTimes, typedArray);
}

function getPrefix(constructor, tag, fallback, size = '') {
  if (constructor === null) {
    if (tag !== '' && fallback !== tag) return `[${fallback}${size}: null prototype] [${tag}] `;
    return `[${fallback}${size}: null prototype] `;
  }
  if (tag !== '' && constructor !== tag) return `${constructor}${size} [${tag}] `;
  return `${constructor}${size} `;
}

function formatKey(key) {
  if (typeof key === 'symbol') return `[${symbolText(key)}]`;
  if (identRe.test(key)) return key;
  return quote(key);
}

function formatProperty(ctx, obj, recurseTimes, key, arrayLike) {
  const desc = getOwnPropertyDescriptor(obj, key) || { value: obj[key], enumerable: true };
  let str;
  if (desc.value !== undefined || !('get' in desc || 'set' in desc)) {
    const diff = ctx.compact !== 3 ? 2 : 3;
    ctx.indentationLvl += diff;
    str = formatValue(ctx, desc.value, recurseTimes, false);
    ctx.indentationLvl -= diff;
  } else if (desc.get !== undefined) {
    str = desc.set !== undefined ? '[Getter/Setter]' : '[Getter]';
  } else if (desc.set !== undefined) {
    str = '[Setter]';
  } else {
    str = 'undefined';
  }
  if (arrayLike) return str;
  return `${formatKey(key)}: ${str}`;
}

function ownEnumerableKeys(value, skipIndices) {
  const keys = [];
  for (const key of ownKeys(value)) {
    const d = getOwnPropertyDescriptor(value, key);
    if (!d || !d.enumerable) continue;
    if (skipIndices && typeof key === 'string' && /^(0|[1-9][0-9]*)$/.test(key)) continue;
    keys.push(key);
  }
  return keys;
}

function formatRaw(ctx, value, recurseTimes, typedArray) {
  const kind = kindOf(value, ctx.proxies);
  if (kind === 'proxy') return 'Proxy [ <hidden> ]';
  let constructor = constructorName(value);
  let keys;
  let base = '';
  let braces;
  let formatter = null;
  let extrasType = 'object';
  let noIterator = false;
  let output;

  switch (kind) {
    case 'array': {
      const length = ownData(value, 'length');
      const prefix = constructor !== 'Array' || false ? getPrefix(constructor, '', 'Array', `(${length})`) : '';
      keys = ownEnumerableKeys(value, true);
      braces = [`${prefix}[`, ']'];
      if (length === 0 && keys.length === 0) return `${braces[0]}]`;
      extrasType = 'array';
      formatter = () => formatArray(ctx, value, recurseTimes);
      break;
    }
    case 'typedarray': {
      const { tag, length } = typedArrayInfo(value);
      keys = ownEnumerableKeys(value, true);
      const prefix = getPrefix(constructor, tag, tag, `(${length})`);
      braces = [`${prefix}[`, ']'];
      if (length === 0 && keys.length === 0) return `${braces[0]}]`;
      extrasType = 'array';
      formatter = () => {
        const out = [];
        const n = Math.min(length, 100);
        for (let i = 0; i < n; i++) out.push(formatPrimitive(value[i], true));
        if (length > n) out.push(`... ${length - n} more item${length - n > 1 ? 's' : ''}`);
        return out;
      };
      break;
    }
    case 'map': {
      const { entries, size } = mapEntryList(value);
      keys = ownEnumerableKeys(value, false);
      const prefix = getPrefix(constructor, 'Map', 'Map', `(${size})`);
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
      formatter = () => {
        const out = [];
        ctx.indentationLvl += 2;
        for (const [k, v] of entries.slice(0, 100)) {
          out.push(`${formatValue(ctx, k, recurseTimes, false)} => ${formatValue(ctx, v, recurseTimes, false)}`);
        }
        ctx.indentationLvl -= 2;
        if (size > 100) out.push(`... ${size - 100} more item${size - 100 > 1 ? 's' : ''}`);
        return out;
      };
      break;
    }
    case 'set': {
      const { values, size } = setValueList(value);
      keys = ownEnumerableKeys(value, false);
      const prefix = getPrefix(constructor, 'Set', 'Set', `(${size})`);
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
      formatter = () => {
        const out = [];
        ctx.indentationLvl += 2;
        for (const v of values.slice(0, 100)) out.push(formatValue(ctx, v, recurseTimes, false));
        ctx.indentationLvl -= 2;
        if (size > 100) out.push(`... ${size - 100} more item${size - 100 > 1 ? 's' : ''}`);
        return out;
      };
      break;
    }
    default: {
      noIterator = true;
    }
  }
  if (noIterator) {
    keys = ownEnumerableKeys(value, false);
    braces = ['{', '}'];
    if (kind === 'object' && constructor === 'Object') {
      if (keys.length === 0) return '{}';
    } else if (kind === 'function' || kind === 'class') {
      base = functionBase(value, constructor, kind);
      if (keys.length === 0) return base;
    } else if (kind === 'regexp') {
      base = regexpText(value);
      if (keys.length === 0) return base;
    } else if (kind === 'date') {
      base = dateText(value);
      if (keys.length === 0) return base;
    } else if (kind === 'error') {
      const { type, message } = errorInfo(value);
      const stack = ownData(value, 'stack');
      base = typeof stack === 'string' && stack !== '' ? stack : message ? `[${type}: ${message}]` : `[${type}]`;
      keys = keys.filter((k) => k !== 'message' && k !== 'stack');
      if (keys.length === 0) return base;
    } else if (kind === 'promise') {
      braces[0] = `${getPrefix(constructor, 'Promise', 'Promise')}{`;
      formatter = () => ['<unknown>'];
    } else if (kind === 'weakmap' || kind === 'weakset') {
      const tag = kind === 'weakmap' ? 'WeakMap' : 'WeakSet';
      return `${getPrefix(constructor, tag, tag)}{ <items unknown> }`;
    } else if (kind === 'generator' || kind === 'asyncgenerator') {
      braces[0] = `Object [${kind === 'generator' ? 'Generator' : 'AsyncGenerator'}] {`;
      if (keys.length === 0) return `${braces[0]}}`;
    } else {
      if (constructor === null) braces[0] = `[Object: null prototype] {`;
      else braces[0] = `${getPrefix(constructor, '', 'Object')}{`;
      if (keys.length === 0) return `${braces[0]}}`;
    }
  }

  if (recurseTimes > ctx.depth) {
    const name = kind === 'array' ? 'Array' : constructor || 'Object';
    return `[${name}]`;
  }
  recurseTimes += 1;
  ctx.seen.push(value);
  ctx.currentDepth = recurseTimes;
  output = formatter ? formatter() : [];
  for (const key of keys) {
    output.push(formatProperty(ctx, value, recurseTimes, key, false));
  }
  ctx.seen.pop();
  if (ctx.circular.has(value)) {
    const ref = `<ref *${ctx.circular.get(value)}>`;
    if (base === '') braces[0] = `${ref} ${braces[0]}`;
    else base = `${ref} ${base}`;
  }
  return reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value);
}

function functionBase(value, constructor, kind) {
  const name = functionName(value);
  if (kind === 'class') {
    let base = `[class ${name || '(anonymous)'}`;
    const parent = getPrototypeOf(value);
    if (parent !== Function.prototype && parent !== null) {
      const pname = typeof parent === 'function' ? functionName(parent) : '';
      if (pname) base += ` extends ${pname}`;
    }
    return `${base}]`;
  }
  let type = 'Function';
  if (constructor === 'GeneratorFunction') type = 'GeneratorFunction';
  else if (constructor === 'AsyncFunction') type = 'AsyncFunction';
  else if (constructor === 'AsyncGeneratorFunction') type = 'AsyncGeneratorFunction';
  let base = `[${type}`;
  base += name === '' ? ' (anonymous)' : `: ${name}`;
  base += ']';
  if (constructor === null) base += ' [null prototype]';
  return base;
}

function formatArray(ctx, value, recurseTimes) {
  const length = ownData(value, 'length');
  const outputLength = Math.min(100, length);
  const remaining = length - outputLength;
  const output = [];
  let holes = 0;
  for (let i = 0; i < outputLength; i++) {
    const d = getOwnPropertyDescriptor(value, String(i));
    if (d === undefined) {
      holes++;
      continue;
    }
    if (holes > 0) {
      output.push(`<${holes} empty item${holes > 1 ? 's' : ''}>`);
      holes = 0;
    }
    output.push(formatProperty(ctx, value, recurseTimes, String(i), true));
  }
  if (holes > 0) output.push(`<${holes} empty item${holes > 1 ? 's' : ''}>`);
  if (remaining > 0) output.push(`... ${remaining} more item${remaining > 1 ? 's' : ''}`);
  return output;
}

function groupArrayElements(ctx, output, value) {
  let totalLength = 0;
  let maxLength = 0;
  let i = 0;
  let outputLength = output.length;
  if (value && ownData(value, 'length') > 100 && output.length > 100) outputLength--;
  const separatorSpace = 2;
  const dataLen = new Array(outputLength);
  for (; i < outputLength; i++) {
    const len = output[i].length;
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
      (totalLength / actualMax > 5 || maxLength <= 6)) {
    const approxCharHeights = 2.5;
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(approxCharHeights * biasedMax * outputLength) / biasedMax),
      Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
      ctx.compact * 4,
      15,
    );
    if (columns <= 1) return output;
    const tmp = [];
    const maxLineLength = [];
    for (let c = 0; c < columns; c++) {
      let lineLength = 0;
      for (let j = c; j < output.length; j += columns) {
        if (dataLen[j] > lineLength) lineLength = dataLen[j];
      }
      maxLineLength.push(lineLength + separatorSpace);
    }
    let padStart = true;
    if (value !== undefined) {
      for (let k = 0; k < output.length; k++) {
        const d = getOwnPropertyDescriptor(value, String(k));
        const v = d && 'value' in d ? d.value : undefined;
        if (typeof v !== 'number' && typeof v !== 'bigint') {
          padStart = false;
          break;
        }
      }
    }
    for (let r = 0; r < outputLength; r += columns) {
      const max = Math.min(r + columns, outputLength);
      let str = '';
      let j = r;
      for (; j < max - 1; j++) {
        const padding = maxLineLength[j - r];
        str += padStart ? `${output[j]}, `.padStart(padding, ' ') : `${output[j]}, `.padEnd(padding, ' ');
      }
      if (padStart) {
        str += output[j].padStart(maxLineLength[j - r] - separatorSpace, ' ');
      } else {
        str += output[j];
      }
      tmp.push(str);
    }
    if (outputLength < output.length) tmp.push(output[outputLength]);
    return tmp;
  }
  return output;
}

function isBelowBreakLength(ctx, output, start, base) {
  let totalLength = output.length + start;
  if (totalLength + output.length > ctx.breakLength) return false;
  for (let i = 0; i < output.length; i++) {
    totalLength += output[i].length;
    if (totalLength > ctx.breakLength) return false;
  }
  return base === '' || !base.includes('\n');
}

function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
  const entries = output.length;
  if (extrasType === 'array' && entries > 6) {
    output = groupArrayElements(ctx, output, value);
  }
  if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
    const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
    if (isBelowBreakLength(ctx, output, start, base)) {
      const joined = output.join(', ');
      if (!joined.includes('\n')) {
        return `${base ? `${base} ` : ''}${braces[0]} ${joined} ${braces[1]}`;
      }
    }
  }
  const indentation = `\n${' '.repeat(ctx.indentationLvl)}`;
  return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
}

// ----- format -------------------------------------------------------------------------

/**
 * Joins console arguments the way Node's util.format does (%s %d %i %f %j %o %O %c %%).
 * @param {unknown[]} args
 * @param {{proxies?: WeakSet<object>}} [options]
 */
export function format(args, options = {}) {
  const first = args[0];
  let a = 0;
  let str = '';
  let join = '';
  if (typeof first === 'string') {
    if (args.length === 1) return first;
    let tempStr;
    let lastPos = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first.charCodeAt(i) !== 37) continue;
      const next = first[++i];
      if (a + 1 !== args.length) {
        switch (next) {
          case 's': {
            const v = args[++a];
            if (typeof v === 'number') tempStr = formatPrimitive(v, false);
            else if (typeof v === 'bigint') tempStr = `${v}n`;
            else if (v !== null && typeof v === 'object') tempStr = inspect(v, { ...options, depth: 0 });
            else tempStr = typeof v === 'symbol' ? symbolText(v) : String(v);
            break;
          }
          case 'j':
            try {
              tempStr = JSON.stringify(args[++a]);
            } catch {
              tempStr = '[Circular]';
            }
            break;
          case 'd': {
            const v = args[++a];
            if (typeof v === 'bigint') tempStr = `${v}n`;
            else if (typeof v === 'symbol' || (v !== null && typeof v === 'object')) tempStr = 'NaN';
            else tempStr = formatPrimitive(Number(v), false);
            break;
          }
          case 'O':
          case 'o':
            tempStr = inspect(args[++a], options);
            break;
          case 'i': {
            const v = args[++a];
            if (typeof v === 'bigint') tempStr = `${v}n`;
            else if (typeof v === 'symbol' || (v !== null && typeof v === 'object')) tempStr = 'NaN';
            else tempStr = formatPrimitive(parseInt(v, 10), false);
            break;
          }
          case 'f': {
            const v = args[++a];
            tempStr = typeof v === 'symbol' ? 'NaN' : formatPrimitive(parseFloat(v), false);
            break;
          }
          case 'c':
            a += 1;
            tempStr = '';
            break;
          case '%':
            str += first.slice(lastPos, i);
            lastPos = i + 1;
            continue;
          default:
            continue;
        }
        if (lastPos !== i - 1) str += first.slice(lastPos, i - 1);
        str += tempStr;
        lastPos = i + 1;
      } else if (next === '%') {
        str += first.slice(lastPos, i);
        lastPos = i + 1;
      }
    }
    if (lastPos !== 0) {
      a++;
      join = ' ';
      if (lastPos < first.length) str += first.slice(lastPos);
    }
  }
  while (a < args.length) {
    const v = args[a];
    str += join;
    str += typeof v !== 'string' ? inspect(v, options) : v;
    join = ' ';
    a++;
  }
  return str;
}
