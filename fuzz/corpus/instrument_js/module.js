export const f = (a) => { for (const x of a) { if (x) break; } };
import { y } from "./y.js";
