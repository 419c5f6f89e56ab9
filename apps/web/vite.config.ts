// One build, two origins (serve.mjs): the app (index.html), the embed page (embed.html) and
// the web component (algoscope-stepper.js) on one; the runner (runner.html, and
// runner-embed.html for embed.html inside other sites) on the other. The runner runs programs
// with the @algoscope/wasm package's runner as it is published (runtime/: its runner, worker,
// JS recorder and Python tracer, unbundled), and Pyodide's files (pyodide/).
import { cpSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PYODIDE_FILES = ['pyodide.mjs', 'pyodide.asm.js', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];

/** What the runner page imports from @algoscope/wasm at run time (runtime/runner.js). */
const RUNTIME_FILES = ['runner.js', 'trace-worker.js', 'python-tracer.js', 'pkg/recorder', 'pkg/tracer'];

/** Copies the npm `pyodide` package's runtime files into dist/pyodide/, and the wasm
 * package's runner into dist/runtime/ (its worker loads its files by relative URL). */
function runnerFiles(): Plugin {
  return {
    name: 'algoscope-runner-files',
    apply: 'build',
    closeBundle() {
      const out = here('./dist/pyodide/');
      mkdirSync(out, { recursive: true });
      for (const file of PYODIDE_FILES) cpSync(here(`./node_modules/pyodide/${file}`), out + file);
      for (const file of RUNTIME_FILES) {
        cpSync(here(`./node_modules/@algoscope/wasm/${file}`), here(`./dist/runtime/${file}`), { recursive: true, dereference: true });
      }
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
  plugins: [runnerFiles()],
});
