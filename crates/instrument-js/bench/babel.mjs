// Times @babel/core parsing and regenerating a file (the least work a Babel-based
// instrumenter does), the way examples/bench.rs times algoscope: warm-up runs first (so V8
// has optimised Babel), then many runs each timed on its own; prints the median and the
// fastest in ms. usage: node babel.mjs FILE.js
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/`);
const babel = require('@babel/core');
const generate = require('@babel/generator').default;
const source = fs.readFileSync(process.argv[2], 'utf8');
const options = { babelrc: false, configFile: false, sourceType: 'script' };
const once = () => generate(babel.parseSync(source, options)).code;
const WARMUP = 100;
const RUNS = 300;
for (let i = 0; i < WARMUP; i++) once();
const times = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  once();
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)];
console.log(`babel parse + generate: median ${median.toFixed(3)} ms, fastest ${times[0].toFixed(3)} ms`);
