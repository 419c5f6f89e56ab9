// Times @babel/core parsing and regenerating a file (the work a Babel-based instrumenter does
// at the least), mean of many runs in ms. usage: node babel.mjs FILE.js
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/`);
const babel = require('@babel/core');
const generate = require('@babel/generator').default;
const source = fs.readFileSync(process.argv[2], 'utf8');
const once = () => generate(babel.parseSync(source, { babelrc: false, configFile: false, sourceType: 'script' })).code;
for (let i = 0; i < 20; i++) once();
const runs = 100;
const start = performance.now();
for (let i = 0; i < runs; i++) once();
console.log(`babel parse + generate ${((performance.now() - start) / runs).toFixed(3)} ms`);
