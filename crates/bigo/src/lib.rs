//! Big-O for algoscope: the arithmetic behind the complexity estimates.
//!
//! - [`Expr`]: an algebra of growth terms. An expression is a sum of [`Term`]s, each a
//!   product over named sizes of a [`Factor`] (a power, a log power, an exponential and a
//!   factorial). Sums keep only the terms no other term dominates — `n² + n` is `n²` — but
//!   keep terms in different sizes (`V + E`); a size that may be 0 (one node's neighbour
//!   list, marked with [`Expr::per_item_size`]) never swallows the terms without it.
//! - [`solve`]: recurrences of recursive functions ([`Recurrence`]): the master theorem for
//!   `a·T(n/b) + f`, `T(n-1) + f`, `a·T(n-1) + f`, `n·T(n-1) + f`, recursion over a
//!   structure's children and memoised recursion.
//! - Formatting in the textbook forms (`O(n²)`, `O(n log n)`, `O(V + E)`, `O(n·m)`, `O(2ⁿ)`,
//!   `O(n!)`) through `Display`, and an ASCII form for JSON ([`Expr::to_ascii`]) that
//!   [`parse_ascii`] reads back.
//! - [`fit`]: least-squares fitting of `n^d (log n)^l` to measured counts on a log scale,
//!   biased toward the simpler curve, for growth runs.
//!
//! - [`estimate`]: a program's estimate from its cost shape
//!   ([`algoscope_trace_format::CostShape`], found by the language analyses): per function
//!   and overall, sizes named the textbook way (`V` and `E` for a graph, `n·m` for a grid),
//!   each with an explanation.
//!
//! Everything is pure (no I/O) and the output types serialise with serde.
//!
//! # Example
//! ```
//! use algoscope_bigo::{parse_ascii, Expr};
//! // Two nested loops over n and one loop over m, after each other.
//! let cost = Expr::size("n").mul(&Expr::size("n")).add(&Expr::size("n")).add(&Expr::size("m"));
//! assert_eq!(cost.to_string(), "O(n² + m)");
//! assert_eq!(cost.to_ascii(), "O(n^2 + m)");
//! assert_eq!(parse_ascii(&cost.to_ascii()).unwrap(), cost);
//! ```

mod check;
mod estimate;
mod expr;
mod fit;
mod format;
mod growth;
mod naming;
mod parse;
mod recurrence;
mod shape;

pub use check::{check, FunctionCheck, LoopCheck, RecursionCheck, RunCheck, Verdict};
pub use estimate::{estimate, EstimateOptions, FunctionEstimate, ProgramEstimate};
pub use expr::{Expr, Factor, Milli, Term};
pub use fit::{fit, Fit, SIMPLER_BIAS};
pub use format::{format_expr, format_term, Style};
pub use growth::{
    compare_growth, growth_sizes, size_line, with_size, Growth, GrowthRun, GrowthVerdict,
};
pub use parse::{parse_ascii, ParseError};
pub use recurrence::{critical_exponent, solve, Branching, Recurrence, Shrink, Solution};
