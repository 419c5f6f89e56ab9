// A module importing a module beside it: the import resolves from this file, the imported
// module runs untraced from its real path, and its output and values are the program's.
import { double, base } from './util.mjs';
import * as util from './util.mjs';
const values = [1, 2, 3].map(double);
console.log(values, base, util.base + 1);
