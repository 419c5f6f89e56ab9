/* The trace format (v1), generated from schema/trace.schema.json by json-schema-to-typescript (npm run types). Do not edit. */

/**
 * A heap object. Containers show at most a window of their items and keep their real
 * `length`.
 */
export type HeapObject =
  | {
      kind: "list";
      /**
       * Display type name (`list`, `deque`, `Array`, `Int32Array`).
       */
      typeName: string;
      /**
       * The items shown: all of them, or a window of at most 60 starting at `offset`.
       */
      items: Value[];
      /**
       * The real number of items.
       */
      length: number;
      /**
       * Index of `items[0]` in the whole sequence (0 unless windowed).
       */
      offset?: number;
      /**
       * Memory size in bytes as the language reports it (CPython `sys.getsizeof`), if recorded.
       */
      sizeBytes?: number | null;
    }
  | {
      kind: "tuple";
      /**
       * Display type name (`list`, `deque`, `Array`, `Int32Array`).
       */
      typeName: string;
      /**
       * The items shown: all of them, or a window of at most 60 starting at `offset`.
       */
      items: Value[];
      /**
       * The real number of items.
       */
      length: number;
      /**
       * Index of `items[0]` in the whole sequence (0 unless windowed).
       */
      offset?: number;
      /**
       * Memory size in bytes as the language reports it (CPython `sys.getsizeof`), if recorded.
       */
      sizeBytes?: number | null;
    }
  | {
      kind: "set";
      /**
       * Display type name (`list`, `deque`, `Array`, `Int32Array`).
       */
      typeName: string;
      /**
       * The items shown: all of them, or a window of at most 60 starting at `offset`.
       */
      items: Value[];
      /**
       * The real number of items.
       */
      length: number;
      /**
       * Index of `items[0]` in the whole sequence (0 unless windowed).
       */
      offset?: number;
      /**
       * Memory size in bytes as the language reports it (CPython `sys.getsizeof`), if recorded.
       */
      sizeBytes?: number | null;
    }
  | {
      kind: "dict";
      /**
       * Display type name (`dict`, `defaultdict`, `Map`, `Object`).
       */
      typeName: string;
      /**
       * `[key, value]` pairs in insertion order; keys may be any value.
       */
      entries: [unknown, unknown][];
      /**
       * The real number of entries.
       */
      length: number;
      /**
       * Memory size in bytes, if recorded.
       */
      sizeBytes?: number | null;
    }
  | {
      kind: "instance";
      /**
       * The class name, from the object's real type (never a user-overridden attribute).
       */
      typeName: string;
      /**
       * `[field, value]` pairs in definition order.
       */
      fields: [unknown, unknown][];
      /**
       * Memory size in bytes, if recorded.
       */
      sizeBytes?: number | null;
    }
  | {
      kind: "function";
      /**
       * Its name (`<lambda>`, `anonymous`).
       */
      name: string;
      /**
       * Parameter names in order.
       */
      params?: string[];
      /**
       * Captured outer bindings (closure cells), as `[name, value]` pairs.
       */
      captured?: [unknown, unknown][];
      /**
       * Line where it is defined in the program, when it is the program's own.
       */
      line?: number | null;
    }
  | {
      kind: "class";
      /**
       * The class name.
       */
      name: string;
      /**
       * Names of the base classes.
       */
      bases?: string[];
      /**
       * Class-level attributes other than methods and dunders, as `[name, value]` pairs.
       */
      fields?: [unknown, unknown][];
    }
  | {
      kind: "generator";
      /**
       * `generator`, `coroutine`, `async_generator`.
       */
      typeName: string;
      /**
       * The function it runs.
       */
      name: string;
      /**
       * `created`, `suspended`, `running` or `closed`.
       */
      state: string;
      /**
       * Id of its frame while it has one (suspended or running).
       */
      frame?: string | null;
    }
  | {
      kind: "value";
      /**
       * Display type name (`Date`, `RegExp`, `module`, `range`).
       */
      typeName: string;
      /**
       * Its text, cut to 48 characters (`range(0, 10)`, `/a+/g`).
       */
      repr: string;
      /**
       * Real length of the text when `repr` was cut.
       */
      length?: number | null;
    };
/**
 * A value held by a variable, slot or field.
 */
export type Value =
  | {
      kind: "prim";
      /**
       * The language's type name (`int`, `float`, `str`, `bool`, `NoneType`, `number`,
       * `string`, `boolean`, `undefined`, `null`, `bigint`, `symbol`).
       */
      type: string;
      /**
       * The value as the language writes it: integers exact at any size, floats as the
       * language prints them, strings quoted and cut to 48 characters.
       */
      repr: string;
      /**
       * A string's real length in characters, when `repr` was shortened.
       */
      length?: number | null;
    }
  | {
      kind: "ref";
      /**
       * The object's id (`o1`, `o2`, …).
       */
      id: string;
    }
  | {
      kind: "unreadable";
      /**
       * Why (`__dict__ raised KeyError`).
       */
      reason: string;
    };
/**
 * Which budget or resource limit stopped a run.
 */
export type StopReason = "steps" | "time" | "memory" | "output" | "cpu" | "processes";

/**
 * One recorded run of one program: the analysis of its source, then every recorded step.
 */
export interface Trace {
  /**
   * Format version; only 1 exists.
   */
  version: number;
  /**
   * Language of the traced program.
   */
  language: "python" | "javascript" | "typescript";
  /**
   * The program text exactly as run; `line` numbers count from 1 in it.
   */
  source: string;
  /**
   * Loops found by static analysis, in source order.
   */
  loops?: LoopInfo[];
  /**
   * Container name → names used as its subscripts (`arr[j + 1]` gives `arr: ["j"]`).
   * An inner level of a nested subscript is keyed `name[]` (`grid[i][j]` gives
   * `grid: ["i"]` and `grid[]: ["j"]`). Attribute targets use the dotted name (`self.items`).
   */
  indexNames?: {
    [k: string]: string[];
  };
  /**
   * Every two-level subscript `name[row][col]` in the source.
   */
  gridAccesses?: GridAccess[];
  /**
   * Raw `viz:` hint comments, in source order.
   */
  hints?: Hint[];
  /**
   * The recorded steps, in execution order.
   */
  steps: Step[];
  /**
   * Everything the program printed to standard output.
   */
  stdout: string;
  /**
   * The uncaught error that ended the program, or null when it finished normally or was
   * stopped by a budget.
   */
  error?: ProgramError | null;
  /**
   * True when the run was cut short by a budget or a resource limit (see `stoppedBy`);
   * every step recorded before it is kept.
   */
  truncated?: boolean;
  /**
   * Which budget or limit stopped a truncated run (`steps`, `time`, `memory`, `output`,
   * `cpu`, `processes`); null otherwise.
   */
  stoppedBy?: StopReason | null;
  counts?: Counts;
  /**
   * True when some loop was sampled: some passes were run but not recorded.
   */
  sampled?: boolean;
  /**
   * True when each step's `heap` holds only the objects that changed since the previous
   * step and `heapIds` lists every live id. [`crate::expand_heaps`] turns such a trace into
   * full heaps; validated traces are always expanded.
   */
  heapDelta?: boolean;
}
/**
 * A loop statement or comprehension found by static analysis.
 */
export interface LoopInfo {
  /**
   * `L<header line>`; a second loop on the same line gets `L<line>.2`, and so on.
   */
  id: string;
  /**
   * What kind of loop it is.
   */
  kind: "for" | "while" | "doWhile" | "forIn" | "forOf" | "comprehension";
  /**
   * Line of the loop header (1-based).
   */
  line: number;
  /**
   * First line of the body.
   */
  bodyStart: number;
  /**
   * Last line of the body (inclusive).
   */
  bodyEnd: number;
  /**
   * The header as written, without the body (`for j in range(n - i - 1)`).
   */
  header: string;
}
/**
 * A two-level subscript `name[row][col]`, for finding the grid cell in focus.
 */
export interface GridAccess {
  /**
   * The container's name as written (`dp`, `self.grid`).
   */
  name: string;
  /**
   * Line of the access.
   */
  line: number;
  /**
   * Row expression as written (`i - 1`).
   */
  row: string;
  /**
   * Column expression as written (`j`).
   */
  col: string;
}
/**
 * A raw `viz:` hint comment.
 */
export interface Hint {
  /**
   * Line of the comment.
   */
  line: number;
  /**
   * The text after `viz:`, trimmed (`hide temp`).
   */
  text: string;
}
/**
 * One recorded moment of the run: a complete snapshot of stack and heap.
 */
export interface Step {
  /**
   * What happened at this step.
   */
  event: "line" | "call" | "return" | "exception" | "yield" | "await" | "resume";
  /**
   * The line about to run (`line`), or the line of the event.
   */
  line: number;
  /**
   * Frames: active frames outermost first (the last is running), then suspended
   * generator/coroutine frames.
   */
  stack: Frame[];
  /**
   * Heap objects by id. Full (every object reachable from this step's frames) unless the
   * trace has `heapDelta`, in which case only objects that changed since the previous step.
   */
  heap: {
    [k: string]: HeapObject;
  };
  /**
   * With `heapDelta`: every id alive at this step, in order.
   */
  heapIds?: string[] | null;
  /**
   * Length of `stdout` (in characters, Unicode scalar values) printed up to this step.
   */
  stdoutLength: number;
  /**
   * Set when something was printed since the previous step.
   */
  output?: Output | null;
  /**
   * Every active loop of every frame, outermost first.
   */
  loops?: LoopContext[];
  /**
   * The value returned (`return`) or yielded (`yield`).
   */
  returnValue?: Value | null;
  /**
   * The exception passing through (`exception`).
   */
  exception?: ExceptionInfo | null;
  /**
   * Events that ran just before this step without being recorded (a sampled loop).
   */
  skipped?: number | null;
}
/**
 * One function activation.
 */
export interface Frame {
  /**
   * Stable id (`f1`, `f2`, …); a resumed generator frame keeps its id.
   */
  id: string;
  /**
   * Function name; the module level is `<module>` (Python) or `<main>` (JS).
   */
  func: string;
  /**
   * Current line in this frame.
   */
  line: number;
  /**
   * Local bindings in definition order, as `[name, value]` pairs.
   */
  locals: [unknown, unknown][];
  /**
   * Whether the frame is running (on the stack) or paused.
   */
  state?: "active" | "suspended";
}
/**
 * Something printed since the previous step.
 */
export interface Output {
  /**
   * The line that printed.
   */
  line: number;
  /**
   * Ids of printed heap objects that are in this step's heap.
   */
  refs?: string[];
}
/**
 * An active loop in some frame.
 */
export interface LoopContext {
  /**
   * Id of the frame running the loop.
   */
  frame: string;
  /**
   * Id of the loop (`LoopInfo.id`).
   */
  loop: string;
  /**
   * Which run of this loop in this frame (1-based).
   */
  instance: number;
  /**
   * Current pass (1-based); 0 before the first pass starts.
   */
  iteration: number;
  /**
   * A counting loop's header with its values as this run started (`range(0, 3)`).
   */
  call?: string | null;
}
/**
 * An exception passing through a frame.
 */
export interface ExceptionInfo {
  /**
   * Type name (`ValueError`).
   */
  type: string;
  /**
   * Message.
   */
  message: string;
}
/**
 * The uncaught error that ended a program.
 */
export interface ProgramError {
  /**
   * The error's type name (`IndexError`, `TypeError`).
   */
  type: string;
  /**
   * The error's message.
   */
  message: string;
  /**
   * Line where it was raised in the program, when known.
   */
  line?: number | null;
}
/**
 * Counts of every event and call, recorded or not (sampling skips some).
 */
export interface Counts {
  /**
   * Every trace event the run produced, recorded or not.
   */
  events?: number;
  /**
   * Function name → calls and deepest recursion.
   */
  functions?: {
    [k: string]: FunctionCount;
  };
}
/**
 * Calls of one function over the whole run.
 */
export interface FunctionCount {
  /**
   * How many times it was called.
   */
  calls: number;
  /**
   * The most frames of it on the stack at once (1 for a non-recursive function).
   */
  maxDepth: number;
}
