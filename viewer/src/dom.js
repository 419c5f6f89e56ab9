// Small DOM helpers shared by the player's modules.

/** A new `tag` element with `className` (if any) and `text` as its text (never as markup). */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
