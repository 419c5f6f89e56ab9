/* The player's options, generated from schema/player-options.schema.json by json-schema-to-typescript (npm run types). Do not edit. */

/**
 * Which memory model sizes are computed in.
 */
export type SizeModel = "python" | "textbook" | "v8";

/**
 * How the player draws a run, the same for every step (camelCase keys): the `options` of the
 * viewer's `mount(element, {trace, options})`, written into the page as JSON.
 */
export interface PlayerOptions {
  /**
   * Name shown as the heading (usually the program's file name).
   */
  title?: string;
  /**
   * Draw objects referenced once inside their holder instead of with an arrow.
   */
  nested?: boolean;
  /**
   * Memory sizes shown in this model (`python`, `textbook`, `v8`), or none.
   */
  sizes?: SizeModel | null;
  /**
   * Most passes the loop history draws (the latest are kept).
   */
  loopRows?: number;
  /**
   * Most linked-structure nodes the loop history draws over all its rows: a history of
   * wide rows keeps fewer of them (at least one).
   */
  loopNodes?: number;
}
