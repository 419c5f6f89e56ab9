// One build, two origins (serve.mjs): the app (index.html), the embed page (embed.html) and
// the web component (algoscope-stepper.js) on one; the runner (runner.html, and
// runner-embed.html for embed.html inside other sites) on the other. Pyodide's files are copied beside them for the runner's worker.
import { cpSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PYODIDE_FILES = ['pyodide.mjs', 'pyodide.asm.js', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];

/** Copies the npm `pyodide` package's runtime files into dist/pyodide/. */
function pyodideFiles(): Plugin {
  return {
    name: 'algoscope-pyodide-files',
    apply: 'build',
    closeBundle() {
      const out = here('./dist/pyodide/');
      mkdirSync(out, { recursive: true });
      for (const file of PYODIDE_FILES) cpSync(here(`./node_modules/pyodide/${file}`), out + file);
    },
  };
}

export default defineConfig({
  base: './',
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        app: here('./index.html'),
        runner: here('./runner.html'),
        'runner-embed': here('./runner-embed.html'),
        embed: here('./embed.html'),
        'algoscope-stepper': here('./src/embed/component.ts'),
      },
      output: {
        // The web component keeps a fixed name, beside embed.html: hosts load it by URL.
        entryFileNames: (chunk) => (chunk.name === 'algoscope-stepper' ? 'algoscope-stepper.js' : 'assets/[name]-[hash].js'),
      },
    },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 4096,
  },
  worker: { format: 'es' },
  server: { fs: { allow: [here('../..')] } },
  plugins: [pyodideFiles()],
});
