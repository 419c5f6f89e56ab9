// Measures the JS recorder on instrumented bench programs: recorded steps per second of CPU
// time and bytes per step of the record stream (what crosses from node to the CLI).
// usage: node measure.mjs NAME=INSTRUMENTED.js …   (run.sh instruments and calls this)
import fs from 'node:fs';
import { createRecorder } from '../../runtimes/js/recorder.mjs';

const REPEATS = 5;
const realSetImmediate = setImmediate;

async function measure(file) {
  const code = fs.readFileSync(file, 'utf8');
  let best = null;
  for (let r = 0; r < REPEATS; r++) {
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
    const seconds = (used.user + used.system) / 1e6;
    if (best === null || seconds < best.seconds) best = { seconds, steps, bytes };
  }
  return best;
}

console.log(`${'program'.padEnd(20)} ${'steps'.padStart(8)} ${'steps/s'.padStart(12)} ${'bytes/step'.padStart(12)}`);
for (const arg of process.argv.slice(2)) {
  const [name, file] = arg.split('=');
  const { seconds, steps, bytes } = await measure(file);
  console.log(`${name.padEnd(20)} ${String(steps).padStart(8)} ${(steps / seconds).toFixed(0).padStart(12)} ${(bytes / steps).toFixed(1).padStart(12)}`);
}
