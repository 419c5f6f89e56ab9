//! The code's cost shape: what static analysis finds about how much work each function does,
//! the same for every language. `algoscope-bigo` turns it into Big-O estimates; the shape
//! itself holds no arithmetic, only what the code says (loops and their bounds, calls of the
//! program's own functions, recursion and how its argument shrinks, built-ins that are not
//! O(1), sizes read from input).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The cost shape of a whole program: one entry per function (the top level included, named
/// `<module>`), in source order, and the sizes the program reads from its input.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CostShape {
    /// Every function and the top level (`<module>`, first), in source order.
    pub functions: Vec<FunctionShape>,
    /// Names that hold a size read from input (`n = int(input())`), in source order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub input_sizes: Vec<InputSize>,
}

impl CostShape {
    /// Whether nothing was found (no function, no input size).
    pub fn is_empty(&self) -> bool {
        self.functions.is_empty() && self.input_sizes.is_empty()
    }
}

/// A name that holds a size the program reads from its input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InputSize {
    /// The variable (`n`, `a`).
    pub name: String,
    /// Where it is assigned (1-based).
    pub line: u32,
    /// Whether it holds a number (`n = int(input())`, the size is its value) or a
    /// collection (`a = list(map(int, input().split()))`, the size is its length).
    pub collection: bool,
}

/// One function's shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunctionShape {
    /// The name the program calls it by (`<module>` for the top level; a method is
    /// `Class.method`).
    pub name: String,
    /// The line of its definition (1 for the top level).
    pub line: u32,
    /// Its parameters, in order.
    pub params: Vec<String>,
    /// Memoised: `@cache`, `@lru_cache`, or a dictionary checked before the work and filled
    /// after it. Holds the parameters that make up the memo key (all of them when unknown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memo: Option<Vec<String>>,
    /// What its body does, in source order.
    pub body: Vec<CostNode>,
}

/// One part of a function's work.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum CostNode {
    /// A loop (statement, comprehension clause or array callback) and what runs in it.
    Loop {
        /// The loop's id in [`crate::Analysis::loops`] when it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        loop_id: Option<String>,
        /// Its header line.
        line: u32,
        /// How many passes it makes.
        bound: LoopBound,
        /// What each pass does.
        body: Vec<CostNode>,
    },
    /// A call of one of the program's own functions.
    Call {
        /// Its line.
        line: u32,
        /// The callee's name as in [`FunctionShape::name`].
        callee: String,
        /// Each argument as a size, where it names one (`None` otherwise).
        args: Vec<Option<SizeRef>>,
        /// For a call of the function it is in: how the argument shrinks.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shrink: Option<ShrinkKind>,
    },
    /// A built-in operation that is not O(1) (`x in xs` on a list, `xs.pop(0)`, `sorted`).
    Op {
        /// Its line.
        line: u32,
        /// What it is, as written (`in`, `pop(0)`, `sorted`, `includes`).
        op: String,
        /// How its cost grows with the size.
        cost: OpCost,
        /// The container or value whose size it depends on.
        size: SizeRef,
    },
    /// Alternatives: `if`/`else` arms (or `match` cases) of which only one runs.
    Branch {
        /// Its line.
        line: u32,
        /// The arms, each in source order; a missing `else` is an empty arm.
        arms: Vec<Vec<CostNode>>,
    },
}

/// How many passes a loop makes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum LoopBound {
    /// As many as the sum of these sizes (`len(xs)`, `n`, `hi - lo`, a row of a grid).
    Size {
        /// The sizes that add up to the bound.
        sizes: Vec<SizeRef>,
    },
    /// About `log size` passes: a halving or doubling loop variable, binary search.
    Log {
        /// The size being halved.
        size: SizeRef,
    },
    /// About `√size` passes (`while i * i <= n`).
    Sqrt {
        /// The size under the root.
        size: SizeRef,
    },
    /// Passes that add up to at most `size` over the whole run of the function, however
    /// often the loop is entered (two pointers moving inward, a stack popped inside a loop
    /// that pushes once per pass).
    Amortised {
        /// The size all runs of the loop share.
        size: SizeRef,
    },
    /// A fixed number of passes (`range(4)`, the four neighbours of a cell).
    Constant,
    /// The shape proves no bound.
    Unknown,
}

/// How the argument of a recursive call shrinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ShrinkKind {
    /// By one (`n - 1`, `xs[1:]`, `i + 1` toward a bound).
    MinusOne,
    /// By half (`n // 2`, a slice at a midpoint, `mid ± 1` of a binary search).
    Half,
    /// To a part of a structure (`node.left`, `node.next`, a neighbour).
    Child,
    /// Around a pivot (quicksort's `lo, p - 1` and `p + 1, hi`): halves on average.
    Partition,
    /// No shrink the shape proves.
    Unknown,
}

/// How a built-in operation's cost grows with its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum OpCost {
    /// `log n` (`heapq.heappush`).
    Log,
    /// `n` (`x in list`, `list.index`, `insert(0, …)`, slicing, `sum`).
    Linear,
    /// `n log n` (`sorted`, `sort`).
    NLogN,
}

/// A size the way the program names it.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "camelCase")]
pub struct SizeRef {
    /// The variable (`nums`, `n`, `graph`).
    pub name: String,
    /// Its length (`len(nums)`) rather than its value (`n`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub len: bool,
    /// One item's length (a node's neighbour list `graph[u]`, a grid's row `grid[i]`); such
    /// a size may be 0.
    #[serde(default, skip_serializing_if = "is_false")]
    pub inner: bool,
}

impl SizeRef {
    /// The value of a variable (`n`).
    pub fn value(name: &str) -> Self {
        Self {
            name: name.to_string(),
            len: false,
            inner: false,
        }
    }

    /// The length of a variable (`len(xs)`).
    pub fn len(name: &str) -> Self {
        Self {
            name: name.to_string(),
            len: true,
            inner: false,
        }
    }

    /// One item's length (`len(graph[u])`).
    pub fn inner(name: &str) -> Self {
        Self {
            name: name.to_string(),
            len: true,
            inner: true,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}
