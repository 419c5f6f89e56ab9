// Types of the player module (src/player.js). The data shapes come from the Rust types
// through schema/*.schema.json (types/*.d.ts, generated: npm run types).
import type { PlayerOptions } from '../types/player-options.js';
import type { Timeline } from '../types/timeline.js';
import type { Complexity } from '../types/complexity.js';

export type { Complexity, PlayerOptions, Timeline };

/** What `mount` shows: a recorded run and how to draw it. */
export interface PlayerData {
  /** The trace as JSON text (full heaps or heap deltas), or as gzip-compressed JSON bytes. */
  trace: string | Uint8Array | ArrayBuffer;
  /** How to draw it; every field has a default. */
  options?: Partial<PlayerOptions>;
  /** The program's Big-O estimate and its check against this run (`algoscope::run_complexity`,
   * `algoscope bigo --json --check`), shown as a chip with a panel; none when absent. */
  complexity?: Complexity | null;
}

/** How `mount` behaves in its page. */
export interface MountSettings {
  /** The wasm module: bytes, URL, Response or compiled module; default
   * `dist/algoscope_wasm_bg.wasm` beside the module. */
  wasm?: BufferSource | URL | string | Response | WebAssembly.Module;
  /** Where the arrow keys, Home and End step: the player's element (default) or the whole
   * document. */
  keyboard?: 'element' | 'document';
  /** Keep `#step=N` (1-based) in the address and follow it. Default false. */
  hash?: boolean;
  /** The first step shown, 0-based. Default 0 (or the address's `#step=N` with `hash`). */
  step?: number;
  /** Show the program pane. Default true; false for a host that shows the program itself
   * (an editor marking the step's lines from the `step` event): output goes under the
   * pictures. */
  source?: boolean;
  /** The name dragged boxes are kept under for the session (`sessionStorage`), so that a
   * later run shown under it keeps them, by box key. Default: the language and the title. A
   * host that shows many programs under one title names each (the web app: by example). */
  pins?: string;
}

/** The detail of a `step` event: the step now shown, 0-based. */
export interface StepEventDetail {
  step: number;
}

/** The detail of a `pin` event: the dragged box's key (`data-key`) and its top-left, in diagram px. */
export interface PinEventDetail {
  key: string;
  x: number;
  y: number;
}

/** The detail of an `options` event: the draw options after the person switched one. */
export interface OptionsEventDetail {
  nested: boolean;
  sizes: 'python' | 'textbook' | 'v8' | null;
}

/** A mounted player. Dispatches a `step` event (`CustomEvent<StepEventDetail>`) at every
 * step change, `play` / `pause` events as playback starts and stops, an `options` event
 * (`CustomEvent<OptionsEventDetail>`) after the Nested or sizes switch redrew the step, and a
 * `pin` event (`CustomEvent<PinEventDetail>`) after a box was dragged and dropped. */
export interface Player extends EventTarget {
  /** The step shown, 0-based. */
  readonly step: number;
  /** How many steps the run recorded. */
  readonly count: number;
  /** Whether playback is running. */
  readonly playing: boolean;
  /** Shows step `step` (0-based, clamped to the run); pauses playback. */
  goTo(step: number): void;
  /** Plays the run a step at a time from the step shown (from the first at the last);
   * dispatches `play`, then `pause` when it stops (at the last step or on any other move). */
  play(): void;
  /** Pauses playback. */
  pause(): void;
  /** Removes the player from its element and frees its wasm viewer. */
  destroy(): void;
}

/** Shows a recorded run in `element` (its children are replaced) and resolves to its player.
 * Rejects when the trace is not valid (the message names the JSON path). */
export function mount(element: HTMLElement, data: PlayerData, settings?: MountSettings): Promise<Player>;

/** Decompresses gzip bytes into text with the browser's `DecompressionStream`. */
export function gunzipText(bytes: Uint8Array | ArrayBuffer): Promise<string>;
