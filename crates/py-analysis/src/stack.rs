//! Stack room for deep trees.
//!
//! The parser grows its own stack, so it returns trees nested far deeper than a thread's
//! stack can handle recursively: `1 + 1 + … + 1` with 100 000 terms is 100 000 levels, and
//! both walking such a tree and dropping it recurse once per level. Every recursive step of
//! our walks goes through [`with_stack`], which moves to a fresh heap-allocated stack segment
//! when the current one runs low, and [`drop_deep`] drops a tree on a stack sized for its
//! depth.

use ruff_python_ast::visitor::{walk_expr, walk_pattern, walk_stmt, Visitor};
use ruff_python_ast::{Expr, ModModule, Pattern, Stmt};

/// Room (bytes) that must remain on the stack before a recursive step runs in place.
const RED_ZONE_BYTES: usize = 128 * 1024;

/// Size (bytes) of each new stack segment for the walks.
const SEGMENT_BYTES: usize = 2 * 1024 * 1024;

/// Stack (bytes) that dropping one level of a tree may take, generously (unoptimised builds
/// use a few hundred).
const DROP_BYTES_PER_LEVEL: usize = 1024;

/// Runs `step`, on a new stack segment when less than [`RED_ZONE_BYTES`] are left.
pub(crate) fn with_stack<R>(step: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE_BYTES, SEGMENT_BYTES, step)
}

/// Drops `tree`, whose statements, expressions and patterns nest `depth` levels deep, on a
/// stack with room for that (a new segment only when the current stack has too little left;
/// its pages are only touched as deep as the drop really goes).
pub(crate) fn drop_deep<T>(tree: T, depth: usize) {
    let needed = depth
        .saturating_mul(DROP_BYTES_PER_LEVEL)
        .saturating_add(RED_ZONE_BYTES);
    stacker::maybe_grow(needed, needed, move || drop(tree));
}

/// The deepest nesting of statements, expressions and patterns in `module` (a module of
/// plain names is 2 deep: the statement and its expression).
pub(crate) fn nesting_depth(module: &ModModule) -> usize {
    let mut gauge = DepthGauge::default();
    gauge.visit_body(&module.body);
    gauge.deepest
}

#[derive(Default)]
struct DepthGauge {
    depth: usize,
    deepest: usize,
}

impl DepthGauge {
    fn nested(&mut self, walk: impl FnOnce(&mut Self)) {
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        with_stack(|| walk(self));
        self.depth -= 1;
    }
}

impl<'a> Visitor<'a> for DepthGauge {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        self.nested(|gauge| walk_stmt(gauge, stmt));
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        self.nested(|gauge| walk_expr(gauge, expr));
    }

    fn visit_pattern(&mut self, pattern: &'a Pattern) {
        self.nested(|gauge| walk_pattern(gauge, pattern));
    }
}
