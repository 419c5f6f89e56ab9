//! Per-function and whole-program estimates from a cost shape, with an explanation of each.

use std::collections::BTreeMap;

use algoscope_trace_format::CostShape;
use serde::{Deserialize, Serialize};

use crate::expr::Expr;
use crate::naming::Naming;
use crate::recurrence::solve;
use crate::shape::{cost_all, Costed, Note};

/// What to estimate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EstimateOptions {
    /// Estimate this function only (its name as in the shape); the whole program when `None`.
    pub function: Option<String>,
}

/// The estimate of one function.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FunctionEstimate {
    /// The function's name (`<module>` for the top level).
    pub name: String,
    /// The line of its definition.
    pub line: u32,
    /// The textbook form (`O(n²)`).
    pub complexity: String,
    /// The ASCII form (`O(n^2)`).
    pub complexity_ascii: String,
    /// Why: one sentence per loop, call, costly built-in or recurrence.
    pub explanation: String,
    /// The cost in the algebra, sizes by their letters.
    pub expr: Expr,
    /// Each size letter of this function → what it measures.
    pub sizes: BTreeMap<String, String>,
}

/// The estimate of a whole program.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ProgramEstimate {
    /// The overall estimate, textbook form.
    pub complexity: String,
    /// The overall estimate, ASCII form.
    pub complexity_ascii: String,
    /// The overall cost in the algebra.
    pub expr: Expr,
    /// Every function (the top level first).
    pub functions: Vec<FunctionEstimate>,
    /// Each size letter of the overall estimate → what it measures (`n` → "the length of
    /// `arr`"); functions carry their own.
    pub sizes: BTreeMap<String, String>,
    /// Each size letter → the raw symbol it names (`n` → `len(arr)`), for binding to a run.
    pub symbols: BTreeMap<String, String>,
}

/// Estimates a program from its cost shape.
///
/// ```
/// use algoscope_bigo::{estimate, EstimateOptions};
/// use algoscope_trace_format::{CostNode, CostShape, FunctionShape, LoopBound, SizeRef};
/// let inner = CostNode::Loop { loop_id: None, line: 3, bound: LoopBound::Size { sizes: vec![SizeRef::len("arr")] }, body: vec![] };
/// let outer = CostNode::Loop { loop_id: None, line: 2, bound: LoopBound::Size { sizes: vec![SizeRef::len("arr")] }, body: vec![inner] };
/// let shape = CostShape {
///     functions: vec![FunctionShape { name: "bubble".into(), line: 1, params: vec!["arr".into()], memo: None, body: vec![outer] }],
///     input_sizes: vec![],
/// };
/// let e = estimate(&shape, &EstimateOptions::default());
/// assert_eq!(e.complexity, "O(n²)");
/// assert_eq!(e.sizes["n"], "the length of `arr`");
/// ```
pub fn estimate(shape: &CostShape, options: &EstimateOptions) -> ProgramEstimate {
    let costed = cost_all(shape);
    // Symbols in order of importance: the top level's cost first, then each function's.
    let mut order: Vec<String> = Vec::new();
    let mut push = |e: &Expr| {
        for s in e.sizes() {
            if !order.contains(&s) {
                order.push(s);
            }
        }
    };
    for f in &shape.functions {
        if let Some(c) = costed.get(&f.name) {
            push(&c.cost);
            for n in &c.notes {
                for e in note_exprs(n) {
                    push(&e);
                }
            }
        }
    }
    let naming = Naming::new(&order);
    let functions: Vec<FunctionEstimate> = shape
        .functions
        .iter()
        .filter_map(|f| {
            let c = costed.get(&f.name)?;
            // Each function names its own sizes (its main size is `n`); the top level shares
            // the program's names.
            let local = if f.name == "<module>" {
                naming.clone()
            } else {
                Naming::new(&symbols_of(c))
            };
            let expr = local.apply(&c.cost);
            let sizes = expr
                .sizes()
                .into_iter()
                .filter_map(|s| local.meanings.get(&s).map(|m| (s, m.clone())))
                .collect();
            Some(FunctionEstimate {
                name: f.name.clone(),
                line: f.line,
                complexity: expr.to_string(),
                complexity_ascii: expr.to_ascii(),
                explanation: explain(c, &local),
                expr,
                sizes,
            })
        })
        .collect();
    let overall = match &options.function {
        Some(name) => functions
            .iter()
            .find(|f| &f.name == name)
            .map(|f| f.expr.clone())
            .unwrap_or_else(Expr::one),
        None => {
            let top = functions
                .iter()
                .find(|f| f.name == "<module>")
                .map(|f| f.expr.clone());
            match top {
                Some(t) if !t.is_constant() => t,
                _ => functions.iter().fold(Expr::one(), |e, f| e.add(&f.expr)),
            }
        }
    };
    let used = overall.sizes();
    let mut sizes = BTreeMap::new();
    let mut symbols = BTreeMap::new();
    for s in &used {
        if let Some(m) = naming.meanings.get(s) {
            sizes.insert(s.clone(), m.clone());
        }
    }
    for (raw, letter) in &naming.letters {
        if !letter.starts_with('\u{1}') {
            symbols.insert(letter.clone(), raw.clone());
        }
    }
    ProgramEstimate {
        complexity: overall.to_string(),
        complexity_ascii: overall.to_ascii(),
        expr: overall,
        functions,
        sizes,
        symbols,
    }
}

fn symbols_of(c: &Costed) -> Vec<String> {
    let mut order: Vec<String> = Vec::new();
    let exprs = std::iter::once(c.cost.clone()).chain(c.notes.iter().flat_map(note_exprs));
    for e in exprs {
        for s in e.sizes() {
            if !order.contains(&s) {
                order.push(s);
            }
        }
    }
    order
}

fn note_exprs(n: &Note) -> Vec<Expr> {
    match n {
        Note::Loop { passes, .. } => vec![passes.clone()],
        Note::Call { cost, .. } | Note::Op { cost, .. } => vec![cost.clone()],
        Note::Recursion { rec, .. } => vec![Expr::size(&rec.size), rec.work.clone()],
        Note::UnknownLoop { .. } => Vec::new(),
    }
}

/// `O(n)` without the `O(…)`.
fn bare(e: &Expr) -> String {
    let s = e.to_string();
    s.strip_prefix("O(")
        .and_then(|r| r.strip_suffix(')'))
        .map(str::to_string)
        .unwrap_or(s)
}

fn explain(c: &Costed, naming: &Naming) -> String {
    let mut parts = Vec::new();
    for n in &c.notes {
        parts.push(match n {
            Note::Loop { line, passes, amortised, depth } => {
                let p = bare(&naming.apply(passes));
                let nested = if *depth > 0 { " inside the loop around it" } else { "" };
                if *amortised {
                    format!("line {line}: a loop{nested} whose passes add up to {p} over the whole run (amortised)")
                } else {
                    format!("line {line}: a loop of {p} passes{nested}")
                }
            }
            Note::UnknownLoop { line } => {
                format!("line {line}: a loop whose bound the code does not show (counted as a constant)")
            }
            Note::Call { line, callee, cost } => {
                format!("line {line}: calls `{callee}`, {} each time", naming.apply(cost))
            }
            Note::Op { line, op, cost } => format!("line {line}: `{op}` costs {}", naming.apply(cost)),
            Note::Recursion { rec, average, guessed } => {
                let mut r = rec.clone();
                r.size = naming.letters.get(&r.size).cloned().unwrap_or(r.size);
                if r.size.starts_with('\u{1}') {
                    r.size = "d".into();
                }
                r.work = naming.apply(&r.work);
                r.memo_states = r.memo_states.as_ref().map(|m| naming.apply(m));
                let s = solve(&r);
                let mut t = format!("recurrence {}: {} → {}", s.equation, s.rule, naming.apply(&s.total));
                if *average {
                    t.push_str(" (average case: the pivot splits the range about evenly)");
                }
                if *guessed {
                    t.push_str(" (how the argument shrinks is not clear from the code; assumed by one)");
                }
                t
            }
        });
    }
    if parts.is_empty() {
        "no loops, recursion or costly built-ins: constant work".to_string()
    } else {
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algoscope_trace_format::{CostNode, FunctionShape, LoopBound, SizeRef};

    fn looped(size: SizeRef, body: Vec<CostNode>) -> CostNode {
        CostNode::Loop {
            loop_id: None,
            line: 1,
            bound: LoopBound::Size { sizes: vec![size] },
            body,
        }
    }

    #[test]
    fn graph_traversal_is_v_plus_e() {
        let body = vec![looped(
            SizeRef::len("g"),
            vec![looped(SizeRef::inner("g"), vec![])],
        )];
        let shape = CostShape {
            functions: vec![FunctionShape {
                name: "bfs".into(),
                line: 1,
                params: vec!["g".into()],
                memo: None,
                body,
            }],
            input_sizes: vec![],
        };
        let e = estimate(&shape, &EstimateOptions::default());
        assert_eq!(e.complexity, "O(V + E)", "{:?}", e.functions[0]);
    }
}
