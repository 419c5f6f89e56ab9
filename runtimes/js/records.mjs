// One record of the stream (runtimes/PROTOCOL.md) as its line of text.
//
// JSON.stringify writes a lone surrogate (half of a UTF-16 pair, e.g. "\ud800" made by
// slicing an emoji) as the escape \udXXX: valid JSON, but no Unicode text, and the Rust reader
// refuses the whole stream for it. A surrogate pair is written as its character, never as
// escapes, so every \ud800–\udfff escape in JSON.stringify's output is a lone half: each
// becomes U+FFFD, as a UTF-8 decoder shows it. An escaped backslash before "ud800" (the
// program's own text "\\ud800") is left alone.
const LONE_SURROGATE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/** `record` as one line of JSON text (without the newline), with lone surrogates replaced. */
export function recordLine(record) {
  return JSON.stringify(record).replace(LONE_SURROGATE, '$1\\ufffd');
}
