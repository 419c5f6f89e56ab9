// Imports a module that does not exist: a clear error at the import's line.
import { nothing } from './nope.mjs';
console.log(nothing);
