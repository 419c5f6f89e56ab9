// `readline.createInterface({input: process.stdin})` while a program is traced: the
// interface reads the run's standard input line by line, as `prompt()` does, and delivers
// its events on the recorder's virtual timers, so they happen inside the traced run (Node's
// own interface would read the real stream and fire after the recorder has finished).
// Interfaces over any other stream are Node's own.

import { EventEmitter } from 'node:events';

/**
 * A `createInterface` that serves standard input from the recorder.
 * @param {Function} original Node's `readline.createInterface`
 * @param {object} stdin the stream to serve (`process.stdin`)
 * @param {() => (string | null)} readLine the next line of the run's standard input, or null
 * @param {(text: string) => void} write prints to the program's output (a `question`'s text)
 * @param {(fn: () => void) => void} later runs `fn` on the virtual clock (a `setImmediate`)
 */
export function hookedCreateInterface(original, stdin, readLine, write, later) {
  return function createInterface(input, ...rest) {
    const options = input !== null && typeof input === 'object' && 'input' in input ? input : { input };
    if (options.input !== stdin) return original.call(this, input, ...rest);
    return stdinInterface(readLine, write, later);
  };
}

function stdinInterface(readLine, write, later) {
  const rl = new EventEmitter();
  let closed = false;
  let paused = false;
  let flowing = false;
  let iterating = false;
  let promptText = '> ';

  function close() {
    if (closed) return;
    closed = true;
    rl.emit('close');
  }

  // Lines flow to 'line' listeners one per virtual tick once someone listens, then 'close'.
  function flow() {
    if (closed || paused || iterating) {
      flowing = false;
      return;
    }
    const line = readLine();
    if (line === null) {
      flowing = false;
      close();
      return;
    }
    rl.emit('line', line);
    later(flow);
  }
  function start() {
    if (flowing || closed) return;
    flowing = true;
    later(flow);
  }
  rl.on('newListener', (event) => {
    if (event === 'line' || event === 'close') start();
  });

  Object.assign(rl, {
    terminal: false,
    line: '',
    close,
    pause() {
      paused = true;
      return rl;
    },
    resume() {
      paused = false;
      start();
      return rl;
    },
    setPrompt(text) {
      promptText = String(text);
    },
    getPrompt: () => promptText,
    prompt() {
      write(promptText);
    },
    write() {},
    question(query, options, callback) {
      const done = typeof options === 'function' ? options : callback;
      write(String(query));
      const line = readLine();
      later(() => {
        if (line === null) close();
        else if (typeof done === 'function') done(line);
      });
    },
    [Symbol.asyncIterator]() {
      iterating = true;
      return (async function* lines() {
        for (let line = readLine(); line !== null; line = readLine()) yield line;
        close();
      })();
    },
  });
  return rl;
}
