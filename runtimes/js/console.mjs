// The `console` a program sees: log, info, debug, warn, error and trace print their arguments
// joined as Node's util.format does, dir one value as util.inspect does, table a box-drawn
// table as Node's console.table does; count, time and group as in Node (time on the virtual
// clock of timers.mjs). Everything goes through the recorder's `print`, with the objects
// printed, so a step can show what a line printed.

import { format, inspect } from './inspect.mjs';
import { codePoints, kindOf, mapEntryList, setValueList } from './introspect.mjs';

/**
 * The program's console.
 * @param {(text: string, objects: object[]) => void} print writes text to the program's output
 * @param {WeakSet<object>} proxies the Proxies the program made
 * @param {() => number} now the virtual clock, in milliseconds
 */
export function createConsole(print, proxies, now) {
  function printArgs(args) {
    const objects = args.filter((a) => a !== null && (typeof a === 'object' || typeof a === 'function'));
    print(`${format(args, { proxies })}\n`, objects);
  }

  const counters = new Map();
  const timersByLabel = new Map();
  return {
    log: (...args) => printArgs(args),
    info: (...args) => printArgs(args),
    debug: (...args) => printArgs(args),
    warn: (...args) => printArgs(args),
    error: (...args) => printArgs(args),
    trace: (...args) => printArgs(['Trace:', ...args]),
    dir: (v) => print(`${inspect(v, { proxies })}\n`, v !== null && typeof v === 'object' ? [v] : []),
    table: (data, columns) => print(table(data, columns, proxies), data !== null && typeof data === 'object' ? [data] : []),
    assert: (cond, ...args) => {
      if (!cond) printArgs(args.length ? ['Assertion failed:', ...args] : ['Assertion failed']);
    },
    count: (label = 'default') => {
      const n = (counters.get(label) || 0) + 1;
      counters.set(label, n);
      printArgs([`${label}: ${n}`]);
    },
    countReset: (label = 'default') => counters.set(label, 0),
    time: (label = 'default') => timersByLabel.set(label, now()),
    timeEnd: (label = 'default') => printArgs([`${label}: ${now() - (timersByLabel.get(label) ?? now())}ms`]),
    timeLog: (label = 'default') => printArgs([`${label}: ${now() - (timersByLabel.get(label) ?? now())}ms`]),
    group: (...args) => args.length && printArgs(args),
    groupEnd: () => {},
  };
}

/** `data` as Node's console.table draws it (`columns`: the only columns shown). */
function table(data, columns, proxies) {
  if (data === null || typeof data !== 'object') return `${format([data], { proxies })}\n`;
  const cell = (v) => inspect(v, { proxies, depth: 1 }).replace(/\n\s*/g, ' ');
  const kind = kindOf(data, proxies);
  let head;
  let body;
  if (kind === 'map') {
    head = ['(iteration index)', 'Key', 'Values'];
    body = mapEntryList(data).entries.map(([k, v], i) => [String(i), cell(k), cell(v)]);
  } else if (kind === 'set') {
    head = ['(iteration index)', 'Values'];
    body = setValueList(data).values.map((v, i) => [String(i), cell(v)]);
  } else {
    const rowsIn = [];
    for (const key of Reflect.ownKeys(data)) {
      if (typeof key !== 'string') continue;
      const d = Reflect.getOwnPropertyDescriptor(data, key);
      if (!d || !d.enumerable || !('value' in d)) continue;
      rowsIn.push([key, d.value]);
    }
    const keys = [];
    let hasValues = false;
    const rows = rowsIn.map(([index, v]) => {
      const row = { index, cells: new Map() };
      if (v !== null && typeof v === 'object' && kindOf(v, proxies) !== 'proxy') {
        for (const k of Reflect.ownKeys(v)) {
          if (typeof k !== 'string') continue;
          const d = Reflect.getOwnPropertyDescriptor(v, k);
          if (!d || !d.enumerable) continue;
          if (columns && !columns.includes(k)) continue;
          if (!keys.includes(k)) keys.push(k);
          row.cells.set(k, 'value' in d ? cell(d.value) : '[Getter]');
        }
      } else {
        hasValues = true;
        row.value = cell(v);
      }
      return row;
    });
    head = ['(index)', ...keys];
    if (hasValues) head.push('Values');
    body = rows.map((r) => {
      const out = [r.index, ...keys.map((k) => (r.cells.has(k) ? r.cells.get(k) : ''))];
      if (hasValues) out.push(r.value ?? '');
      return out;
    });
  }
  const width = head.map((h, i) => Math.max(codePoints(h), ...body.map((b) => codePoints(b[i]))) + 2);
  const line = (l, m, r) => l + width.map((w) => '─'.repeat(w)).join(m) + r;
  const renderRow = (cells) =>
    `│${cells.map((c, i) => ` ${c}${' '.repeat(width[i] - codePoints(c) - 1)}`).join('│')}│`;
  const out = [line('┌', '┬', '┐'), renderRow(head), line('├', '┼', '┤'), ...body.map(renderRow), line('└', '┴', '┘')];
  return `${out.join('\n')}\n`;
}
