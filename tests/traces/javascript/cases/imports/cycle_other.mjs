// Imported by cycle_main.mjs, which it imports back.
import { a } from './cycle_main.mjs';

export const b = 2;
export function readMain() {
  return a;
}
