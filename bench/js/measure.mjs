// Measures the JS recorder on instrumented bench programs: recorded steps per second of CPU
// time (median and best of REPEATS runs, each with a fresh recorder; the machine may be shared
// and noisy, so the median is the figure to quote) and bytes per step of the record stream
// (what crosses from node to the CLI).
// usage: node measure.mjs [--recorder=PATH]… NAME=INSTRUMENTED.js …   (run.sh calls this)
// With several --recorder options every program runs under each recorder in turn, runs
// interleaved, so a before/after comparison sees the same machine load.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const REPEATS = 9;
const realSetImmediate = setImmediate;

async function once(createRecorder, code) {
  let steps = 0;
  let bytes = 0;
  const recorder = createRecorder({
    maxSteps: 1e9,
    timeBudgetMs: 1e9,
    onRecord: (record) => {
      const text = JSON.stringify(record);
      bytes += text.length + 1;
      if ('l' in record) steps++;
    },
  });
  const g = recorder.globals();
  const names = Object.keys(g);
  const fn = new Function(...names, code);
  const started = process.cpuUsage();
  await recorder.run(() => fn(...names.map((n) => g[n])), () => new Promise((res) => realSetImmediate(res)));
  const used = process.cpuUsage(started);
  return { seconds: (used.user + used.system) / 1e6, steps, bytes };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const args = process.argv.slice(2);
const recorderPaths = args.filter((a) => a.startsWith('--recorder=')).map((a) => a.slice('--recorder='.length));
if (recorderPaths.length === 0) recorderPaths.push(new URL('../../runtimes/js/recorder.mjs', import.meta.url).pathname);
const recorders = [];
for (const p of recorderPaths) recorders.push((await import(pathToFileURL(path.resolve(p)).href)).createRecorder);
const label = (k) => (recorders.length > 1 ? ` [${path.basename(path.dirname(path.resolve(recorderPaths[k])))}]` : '');

console.log(
  `${'program'.padEnd(28)} ${'steps'.padStart(8)} ${'median steps/s'.padStart(15)} ${'best steps/s'.padStart(13)} ${'bytes/step'.padStart(11)}`,
);
for (const arg of args.filter((a) => !a.startsWith('--'))) {
  const [name, file] = arg.split('=');
  const code = fs.readFileSync(file, 'utf8');
  const rates = recorders.map(() => []);
  const last = [];
  for (let r = 0; r < REPEATS; r++) {
    for (let k = 0; k < recorders.length; k++) {
      const run = await once(recorders[k], code);
      rates[k].push(run.steps / run.seconds);
      last[k] = run;
    }
  }
  for (let k = 0; k < recorders.length; k++) {
    const { steps, bytes } = last[k];
    console.log(
      `${(name + label(k)).padEnd(28)} ${String(steps).padStart(8)} ${median(rates[k]).toFixed(0).padStart(15)} ${Math.max(...rates[k]).toFixed(0).padStart(13)} ${(bytes / steps).toFixed(1).padStart(11)}`,
    );
  }
}
