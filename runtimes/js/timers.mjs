// Virtual timers: the program's setTimeout, setInterval and setImmediate never wait. Each is
// queued at a due time on a virtual clock, and the recorder runs them one by one (earliest due
// first, then in the order they were set) once the program's code has run, moving the clock
// to each one's due time; console.time reads the same clock.

/** The timer globals a program sees, the queue behind them and the virtual clock. */
export function createTimers() {
  let virtualNow = 0;
  let timerSeq = 0;
  let timerIds = 0;
  const timers = [];

  function addTimer(fn, ms, args, repeat) {
    const delay = Math.max(repeat ? 1 : 0, Number(ms) > 0 ? Math.floor(Number(ms)) : 0);
    const id = ++timerIds;
    timers.push({ id, due: virtualNow + delay, seq: ++timerSeq, fn, args, repeat: repeat ? delay : 0 });
    return id;
  }

  function clearTimer(id) {
    const i = timers.findIndex((t) => t.id === id);
    if (i >= 0) timers.splice(i, 1);
  }

  return {
    /** `setTimeout` and the rest, as globals for the program. */
    globals: {
      setTimeout: (fn, ms, ...args) => addTimer(fn, ms, args, false),
      setInterval: (fn, ms, ...args) => addTimer(fn, ms, args, true),
      setImmediate: (fn, ...args) => addTimer(fn, 0, args, false),
      clearTimeout: clearTimer,
      clearInterval: clearTimer,
      clearImmediate: clearTimer,
    },
    /** The virtual clock, in milliseconds. */
    now: () => virtualNow,
    /**
     * Takes the next timer due off the queue (`{fn, args}`; an interval is queued again) and
     * moves the clock to its due time, or null when none is left.
     */
    next() {
      if (timers.length === 0) return null;
      let best = 0;
      for (let i = 1; i < timers.length; i++) {
        const t = timers[i];
        const b = timers[best];
        if (t.due < b.due || (t.due === b.due && t.seq < b.seq)) best = i;
      }
      const [t] = timers.splice(best, 1);
      virtualNow = Math.max(virtualNow, t.due);
      if (t.repeat) timers.push({ ...t, due: virtualNow + t.repeat, seq: ++timerSeq });
      return t;
    },
  };
}
