// Imports a module that imports this program back (a cycle, as node allows).
import { b, readMain } from './cycle_other.mjs';

export const a = 1;
console.log('a', b, readMain());
