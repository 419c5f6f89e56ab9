// Reads its own location: the program's file, not wherever a tracer keeps its copy.
import fs from 'node:fs';

const here = new URL(import.meta.url);
console.log(here.pathname.split('/').pop(), fs.existsSync(new URL('./util.mjs', here)));
