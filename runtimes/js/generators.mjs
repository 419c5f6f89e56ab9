// Generator objects and the frames their bodies run in. A generator's body runs first inside a
// call of its `next` (or `return`/`throw`), so the hooked methods (`hook`) note which
// generator is starting and the `enter` that follows ties the new frame to it (`entered`).
// The heap then shows each generator's state as Python reports its generators.

import { apply, asyncGeneratorProto, generatorProto, getPrototypeOf, kindOf } from './introspect.mjs';

/** The built-in `next`/`return`/`throw` of both generator prototypes, before any hook. */
const generatorMethods = [generatorProto, asyncGeneratorProto].flatMap((proto) =>
  ['next', 'return', 'throw'].map((key) => ({ proto, key, original: proto[key] })),
);

/**
 * What the recorder knows of the program's generators.
 * @param {WeakSet<object>} proxies the Proxies the program made
 */
export function createGenerators(proxies) {
  /** Prototype of a generator function's generators → the function's name. */
  const generatorNames = new WeakMap();
  /** Generator object → the frame its body runs in (from its first resume on). */
  const generatorFrames = new WeakMap();
  /** Generators finished without ever running their body (`return()` before `next()`). */
  const generatorsClosedEarly = new WeakSet();
  /** The generator whose body is about to start, for the next `enter`. */
  let startingGenerator = null;

  function isGenerator(v) {
    if (v === null || typeof v !== 'object') return false;
    const kind = kindOf(v, proxies);
    return kind === 'generator' || kind === 'asyncgenerator';
  }

  return {
    /** The generators of prototype `proto` were made by the generator function `name`. */
    nameGenerators(proto, name) {
      generatorNames.set(proto, name);
    },
    /** The name of the generator function that made `g`, or 'generator'. */
    name(g) {
      const proto = getPrototypeOf(g);
      return (proto && generatorNames.get(proto)) || 'generator';
    },
    /**
     * `{state, frame}` of a generator object, as Python reports its generators: `created`
     * before its body ran, `running` while it runs, `suspended` at a `yield`/`await` (with the
     * id of its frame, which holds its line), `closed` once finished.
     */
    state(g) {
      const f = generatorFrames.get(g);
      if (f === undefined) return { state: generatorsClosedEarly.has(g) ? 'closed' : 'created' };
      if (f.exited) return { state: 'closed' };
      return { state: f.state === 'active' ? 'running' : 'suspended', frame: f.id };
    },
    /** Frame `f` was just entered: when a generator's body is starting, it runs in `f`. */
    entered(f) {
      if (startingGenerator !== null) {
        generatorFrames.set(startingGenerator, f);
        startingGenerator = null;
      }
    },
    /**
     * Replaces `next`, `return` and `throw` of both generator prototypes with versions that
     * note the generator they run (see `entered`) and then call the built-in one.
     */
    hook() {
      for (const { proto, key, original } of generatorMethods) {
        const hooked = {
          [key](...args) {
            const fresh = !generatorFrames.has(this);
            const outer = startingGenerator;
            startingGenerator = fresh ? this : null;
            try {
              return apply(original, this, args);
            } finally {
              startingGenerator = outer;
              // `return`/`throw` before the body ever ran finish the generator on the spot.
              if (fresh && key !== 'next' && isGenerator(this) && !generatorFrames.has(this)) {
                generatorsClosedEarly.add(this);
              }
            }
          },
        }[key];
        Object.defineProperty(proto, key, { value: hooked, writable: true, configurable: true, enumerable: false });
      }
    },
  };
}
