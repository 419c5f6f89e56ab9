// Small DOM helpers shared by the player's modules.

/** A new `tag` element with `className` (if any) and `text` as its text (never as markup). */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** What the page's session keeps under `key` (sessionStorage); null when none, or refused. */
export function stored(key) {
  try {
    return sessionStorage.getItem(key);
  } catch (e) {
    return null;
  }
}

/** Keeps `value` under `key` for the session, or forgets the key when `value` is null. Some
 * file:// pages refuse storage: the choice then lasts as long as the page. */
export function store(key, value) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch (e) {
    // no storage: nothing kept
  }
}
