/* tslint:disable */
/* eslint-disable */

/**
 * One trace made ready to draw (JavaScript class `Viewer`).
 */
export class Viewer {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The history of the loop running at step `step`, an SVG document, or `undefined` when
     * no loop runs there.
     *
     * # Errors
     * As [`Viewer::memory_svg`].
     */
    loopSvg(step: number): string | undefined;
    /**
     * Step `step`'s memory picture with the boxes a person dragged: the `i`-th line of
     * `keys` (a box's `data-key`; a tree block by its root's) drawn with its top-left at
     * (`xy[2i]`, `xy[2i + 1]`) px, the rest around them, arrows routed to them
     * (`algoscope::Render::memory_svg_pinned`; the step's kept positions are untouched).
     * Keys are lines of one string, not an array: that keeps the module small.
     *
     * # Errors
     * As `memorySvg`.
     */
    memorySvgPinned(step: number, keys: string, xy: Float64Array | number[]): string;
    /**
     * Step `step`'s memory picture, an SVG document.
     *
     * # Errors
     * A step out of range, or a step whose scene cannot be built.
     */
    memorySvg(step: number): string;
    /**
     * Reads `trace_json` (a trace with full heaps or heap deltas; validated as
     * `algoscope validate` does) and `options_json` (the player's options: `title`,
     * `nested`, `sizes`, `loopRows`; `{}` for the defaults).
     *
     * # Errors
     * A bad trace (the message names the JSON path of the bad field), bad options, or a
     * size model that does not fit the trace's language.
     */
    constructor(trace_json: string, options_json: string);
    /**
     * Lays out the steps up to `step` not laid out yet, so jumping to any of them later
     * costs one layout; the player calls it in small slices while the page is idle.
     *
     * # Errors
     * As [`Viewer::memory_svg`].
     */
    prepare(step: number): void;
    /**
     * The run as the player shows it beside the pictures, as JSON
     * (`algoscope::Timeline`: source, printed text, error, per-step columns, size models).
     *
     * # Errors
     * Only if the timeline cannot be written as JSON.
     */
    timeline(): string;
    /**
     * How many steps the trace has.
     */
    readonly stepCount: number;
}

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_viewer_free: (a: number, b: number) => void;
    readonly viewer_loopSvg: (a: number, b: number) => [number, number, number, number];
    readonly viewer_memorySvg: (a: number, b: number) => [number, number, number, number];
    readonly viewer_memorySvgPinned: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number, number];
    readonly viewer_new: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly viewer_prepare: (a: number, b: number) => [number, number];
    readonly viewer_stepCount: (a: number) => number;
    readonly viewer_timeline: (a: number) => [number, number, number, number];
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
