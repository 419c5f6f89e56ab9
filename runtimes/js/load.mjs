// Starting the instrumented program the way `node FILE` would run the original: a module by
// its original URL (module hooks give it the instrumented source), a script as a CommonJS
// body whose `require`, `__filename` and `__dirname` are the original file's. Shared by the
// tracer (node-run.mjs) and Measure (measure-run.mjs).
import fs from 'node:fs';
import path from 'node:path';
import * as nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * The function that runs the program of a request (`program`, `kind`, `sourcePath`; see
 * runtimes/PROTOCOL.md), registering the module hook first when one is needed.
 */
export function programStarter(options) {
  const { program: programPath, kind } = options;
  const absolute = path.resolve(programPath);
  const sourcePath = options.sourcePath ? path.resolve(options.sourcePath) : absolute;
  // Module hooks (Node 18.19+/20.6+): the program runs as its original file, whose source is
  // the instrumented copy's, so what it imports resolves from its own folder, `import.meta.url`
  // is its own, and a module importing it back (an import cycle) gets this same module, as
  // under `node FILE`. Hooks run on their own thread, so they get the two URLs as data.
  const LOAD_AS_SOURCE = `
  let copy, original;
  export function initialize(data) { copy = data.copy; original = data.original; }
  export async function load(url, context, next) {
    if (url !== original) return next(url, context);
    const { source } = await next(copy, { ...context, format: 'module' });
    return { format: 'module', source, shortCircuit: true };
  }`;
  const asSource =
    kind === 'module' && sourcePath !== absolute && typeof nodeModule.register === 'function';
  if (asSource) {
    nodeModule.register(`data:text/javascript,${encodeURIComponent(LOAD_AS_SOURCE)}`, {
      data: { copy: pathToFileURL(absolute).href, original: pathToFileURL(sourcePath).href },
    });
  }
  const start =
    kind === 'module'
      ? () => import(pathToFileURL(asSource ? sourcePath : absolute).href)
      : () => {
          const code = fs.readFileSync(absolute, 'utf8');
          const wrapper = new Function('exports', 'require', 'module', '__filename', '__dirname', code);
          const module = { exports: {} };
          const require = nodeModule.createRequire(sourcePath);
          wrapper.call(module.exports, module.exports, require, module, sourcePath, path.dirname(sourcePath));
        };
  return start;
}
