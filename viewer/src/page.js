// The self-contained page's entry (`algoscope html`): reads what the page carries — the
// trace and the wasm module, each gzip-compressed in base64, and the player's options and
// the program's Big-O estimate as JSON — and mounts the player on the whole page. scripts/build-viewer.sh bundles this
// file with what it imports into dist/page.js, which the page inlines.
import { gunzipText, mount } from './player.js';

/** The bytes of a base64 text. */
function fromBase64(text) {
  const raw = atob(text.trim());
  const bytes = new Uint8Array(raw.length);
  for (let k = 0; k < raw.length; k++) bytes[k] = raw.charCodeAt(k);
  return bytes;
}

async function gunzipBytes(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function start() {
  const root = document.getElementById('algoscope');
  try {
    const text = (id) => document.getElementById(id).textContent;
    const [trace, wasm] = await Promise.all([
      gunzipText(fromBase64(text('algoscope-data'))),
      gunzipBytes(fromBase64(text('algoscope-wasm'))),
    ]);
    const options = JSON.parse(text('algoscope-options'));
    const complexity = JSON.parse(text('algoscope-complexity'));
    await mount(root, { trace, options, complexity }, { wasm, keyboard: 'document', hash: true });
  } catch (err) {
    root.textContent = typeof DecompressionStream === 'undefined'
      ? 'This browser is too old to open the page (it needs DecompressionStream: Chrome or Edge 80, Firefox 113, Safari 16.4 or newer).'
      : 'The page could not be shown: ' + (err && err.message ? err.message : err);
    throw err;
  }
  if (window.performance && performance.mark) performance.mark('algoscope:first-step');
}

start();
