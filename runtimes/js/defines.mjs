// Watching property definitions, so the heap can read slots fast and still never call a getter.
//
// Reading an object's slots through property descriptors is slow (a descriptor object per
// slot). A property can only become an accessor (or change its enumerability) through the
// define functions below, so once a full read found an object free of accessors, its slots
// can be read directly (`o[i]`, `Object.keys`) until one of them is applied to it. The hook
// wraps them (a Proxy with an `apply` trap: same function otherwise) and notes each target.

import { apply, getOwnPropertyDescriptor, ObjectProto } from './introspect.mjs';

/** `serial` counts define calls; `at` maps each target to the serial of its last one. */
const defines = { serial: 0, at: new WeakMap(), installed: false };

function noteDefine(target) {
  if (target !== null && (typeof target === 'object' || typeof target === 'function')) {
    defines.at.set(target, ++defines.serial);
  }
}

/**
 * Installs the define hook in this realm, once: `Object.defineProperty`,
 * `Object.defineProperties`, `Reflect.defineProperty`, `__defineGetter__`,
 * `__defineSetter__` and `Error.captureStackTrace` note their target, then do what they did.
 */
export function installDefineHook() {
  if (defines.installed) return;
  const hook = (holder, key, targetOfCall) => {
    const original = holder[key];
    if (typeof original !== 'function') return false;
    const wrapped = new Proxy(original, {
      apply(fn, thisArg, args) {
        noteDefine(targetOfCall(thisArg, args));
        return apply(fn, thisArg, args);
      },
    });
    const d = getOwnPropertyDescriptor(holder, key);
    Object.defineProperty(holder, key, { ...d, value: wrapped });
    return true;
  };
  const first = (_, args) => args[0];
  const self = (thisArg) => thisArg;
  const all = [
    hook(Object, 'defineProperty', first),
    hook(Object, 'defineProperties', first),
    hook(Reflect, 'defineProperty', first),
    hook(ObjectProto, '__defineGetter__', self),
    hook(ObjectProto, '__defineSetter__', self),
    hook(Error, 'captureStackTrace', first),
  ];
  defines.installed = all.slice(0, 5).every(Boolean);
}

/** Whether `o`, found free of accessors by a full read at define serial `checked`, still is. */
export function stillPlain(o, checked) {
  if (!defines.installed) return false;
  if (checked === defines.serial) return true;
  const last = defines.at.get(o);
  return last === undefined || last <= checked;
}

/** The number of define calls so far (what `stillPlain` takes as `checked`). */
export function defineSerial() {
  return defines.serial;
}

/** Whether the hook is installed and no define function was ever applied to `o`. */
export function neverDefinedOn(o) {
  return defines.installed && !defines.at.has(o);
}
