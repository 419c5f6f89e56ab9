// Loop sampling: which passes of a long loop are recorded. The same policy, constants and
// numbers as the Python tracer (runtimes/python/algoscope_tracer/sampling.py), so a long loop
// keeps the same passes in both languages. Each running loop instance is watched from its
// first pass. After FIRST_PASSES passes the cost of a pass (recorded steps per pass) is known
// and the loop's mode decided: a loop whose length is known as it starts (`for (let i = a;
// i < b; i += k)` not assigning `i` in its body, or `for … of` over an array, typed array,
// string, Map or Set) is sampled when its passes would take more than half the step budget
// left when it started (its share); a loop of unknown length (`while`, `do … while`,
// `for … in`, iterators) once it has used a quarter of its share. In a sampled loop each pass
// is kept or skipped as it starts: the first FIRST_PASSES, the last LAST_PASSES, and round
// numbers (10, 20 … 100, 200 …) while the loop's steps so far, plus room for its last passes,
// fit in 60% of its share. Steps of skipped passes (and of everything they call) are not
// recorded; their number is the next recorded step's `sk`.
//
// A loop of unknown length only knows its last passes once it ends, so its passes that are
// not kept are recorded but held back (`createHoldback` in holdback.mjs): the most recent
// LAST_PASSES are written when the loop ends, older ones are folded into the next record
// written and count as skipped. One loop instance holds back at a time (the first to need
// it); a loop of unknown length sampled inside it keeps only its first passes and round
// numbers. Holding back records every pass, so a run stops holding back once that has cost
// HOLD_COST times its step budget.

// FIRST_PASSES, LAST_PASSES, HOLD_COST and OBJECT_COST are the run policy's
// (runtimes/policy.json, generated into policy.mjs).
import { FIRST_PASSES, HOLD_COST, LAST_PASSES, OBJECT_COST } from './policy.mjs';

export { FIRST_PASSES, LAST_PASSES, OBJECT_COST };

/** 10, 20 … 90, 100, 200 … 900, 1000, …: one significant digit, at least two digits. */
export function isRound(n) {
  if (n < 10) return false;
  while (n % 10 === 0) n /= 10;
  return n < 10;
}

/**
 * Decides whether each pass of each loop is recorded, and counts the steps that are not.
 * `steps` is the number of recorded steps so far (the recorder keeps it up to date; it goes
 * down by the steps of held passes folded away); `sampled` turns true at the first skipped
 * or folded pass; `skipped` counts suppressed steps since the last recorded one; `heldCost`
 * what recording held passes has cost (the recorder adds a step and OBJECT_COST per object
 * sent for each held step).
 * @param {number} maxSteps the step budget
 * @param {ReturnType<typeof createHoldback> | null} [holdback] where passes of a loop of
 *   unknown length are held back, or null to keep only their first passes and round numbers
 */
export function createSampler(maxSteps, holdback = null) {
  return {
    steps: 0,
    sampled: false,
    skipped: 0,
    heldCost: 0,
    /** The sampling state of the loop instance whose passes are held back, or null. */
    holder: null,
    /**
     * The sampling state of a loop instance starting now; `length` is its number of passes
     * when known (null otherwise; it may be filled in before the second pass starts).
     */
    startLoop(length) {
      return { length, startSteps: this.steps, share: Math.max(0, maxSteps - this.steps), sampled: false, perPass: 0, kept: true, hold: false };
    },
    /** Whether pass `n` (1-based) of the loop with sampling state `state` is recorded. */
    startPass(state, n) {
      let used = this.steps - state.startSteps;
      if (state === this.holder) used -= holdback.heldSteps; // passes that may yet be folded away
      let keep;
      if (n <= FIRST_PASSES) {
        keep = true;
      } else {
        if (!state.sampled) {
          if (n === FIRST_PASSES + 1) {
            state.perPass = used / FIRST_PASSES;
            // The length is known by now when it can be (`loopCount`, `sized`).
            state.hold = state.length === null;
          }
          if (state.length !== null) state.sampled = state.perPass * state.length > state.share / 2;
          else state.sampled = used > state.share / 4;
        }
        if (!state.sampled) {
          keep = true;
        } else if (state.length !== null && n > state.length - LAST_PASSES) {
          keep = true;
        } else {
          // A held loop's last passes are in its steps so far already.
          const lastRoom = state.perPass * (state.length !== null ? LAST_PASSES : 0);
          keep = isRound(n) && used + lastRoom + state.perPass <= 0.6 * state.share;
          if (state.hold && holdback !== null && (this.holder === null || this.holder === state)) {
            if (this.heldCost > HOLD_COST * maxSteps) {
              state.hold = false; // recording every pass costs too much: skip them
              this.endLoop(state);
            } else {
              this.holder = state;
              const folded = holdback.newPass(keep);
              if (folded > 0) {
                this.steps -= folded;
                this.sampled = true;
              }
              keep = true;
            }
          }
        }
        if (!keep) this.sampled = true;
      }
      state.kept = keep;
      return keep;
    },
    /** The loop instance with sampling state `state` ended: its held passes go out. */
    endLoop(state) {
      if (state === this.holder) {
        this.holder = null;
        holdback.flush();
      }
    },
    /** The run ends: everything held back goes out. */
    finish() {
      this.holder = null;
      if (holdback !== null) holdback.finish();
    },
    /** Steps skipped since the last recorded step (and resets the count). */
    takeSkipped() {
      const skipped = this.skipped;
      this.skipped = 0;
      return skipped;
    },
  };
}


/**
 * Passes of a counting loop `for (i = start; i <(=) bound; i += step)` (or `>`/`>=` with a
 * negative step) from its values as a pass starts, or null when they are not finite numbers
 * or the loop never ends by its test.
 * @param {unknown} start @param {unknown} bound @param {number} step @param {boolean} inclusive
 */
export function countingLength(start, bound, step, inclusive) {
  if (typeof start !== 'number' || typeof bound !== 'number' || typeof step !== 'number') return null;
  if (!Number.isFinite(start) || !Number.isFinite(bound) || !Number.isFinite(step) || step === 0) return null;
  const span = step > 0 ? bound - start : start - bound;
  const by = Math.abs(step);
  const n = inclusive ? Math.floor(span / by) + 1 : Math.ceil(span / by);
  return Number.isSafeInteger(n) ? Math.max(0, n) : null;
}
