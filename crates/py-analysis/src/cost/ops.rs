//! Python built-ins that are not O(1), as a table: what each costs and on which size.

use algoscope_trace_format::{CostNode, OpCost, SizeRef};
use ruff_python_ast::{Expr, ExprCall};

use super::names::{callee_name, int_of, name_of, Names};

/// Methods on a collection `xs.m(…)`: cost in `len(xs)`.
const METHODS: &[(&str, OpCost)] = &[
    ("index", OpCost::Linear),
    ("count", OpCost::Linear),
    ("remove", OpCost::Linear),
    ("insert", OpCost::Linear),
    ("reverse", OpCost::Linear),
    ("copy", OpCost::Linear),
    ("sort", OpCost::NLogN),
];

/// Functions `f(xs)` of one collection argument: cost in `len(xs)`.
const FUNCTIONS: &[(&str, OpCost)] = &[
    ("sorted", OpCost::NLogN),
    ("sum", OpCost::Linear),
    ("min", OpCost::Linear),
    ("max", OpCost::Linear),
    ("any", OpCost::Linear),
    ("all", OpCost::Linear),
    ("list", OpCost::Linear),
    ("tuple", OpCost::Linear),
    ("set", OpCost::Linear),
    ("heapify", OpCost::Linear),
    ("heappush", OpCost::Log),
    ("heappop", OpCost::Log),
    ("heappushpop", OpCost::Log),
    ("heapreplace", OpCost::Log),
    ("bisect", OpCost::Log),
    ("bisect_left", OpCost::Log),
    ("bisect_right", OpCost::Log),
    ("insort", OpCost::Linear),
    ("deepcopy", OpCost::Linear),
];

/// The cost node of a call of a built-in, if it is not O(1).
pub(super) fn op_of(names: &Names, c: &ExprCall, line: u32) -> Option<CostNode> {
    let name = callee_name(&c.func)?;
    let args = &c.arguments.args;
    if let Expr::Attribute(a) = &*c.func {
        let receiver_is_module = matches!(name_of(&a.value), Some("heapq" | "bisect" | "copy"));
        if !receiver_is_module {
            if name == "join" {
                let size = names.len_of(args.first()?)?;
                return Some(CostNode::Op {
                    line,
                    op: "join".into(),
                    cost: OpCost::Linear,
                    size,
                });
            }
            if name == "pop" {
                // pop() and pop(-1) are O(1); pop(0) or pop(i) shift the rest.
                let first = args.first()?;
                if int_of(first).is_some_and(|k| k < 0)
                    || names.hashed.contains(name_of(&a.value).unwrap_or(""))
                {
                    return None;
                }
                let size = names.len_of(&a.value)?;
                return Some(CostNode::Op {
                    line,
                    op: "pop(i)".into(),
                    cost: OpCost::Linear,
                    size,
                });
            }
            if name == "insert" && args.first().and_then(int_of).is_some_and(|k| k < 0) {
                return None;
            }
            let &(op, cost) = METHODS.iter().find(|(m, _)| *m == name)?;
            if op == "count" || op == "index" {
                // str.count / str.index on literals are fine too: still linear.
            }
            let base = name_of(&a.value)?;
            if names.hashed.contains(base) && op != "copy" {
                return None;
            }
            let size = names.len_of(&a.value)?;
            return Some(CostNode::Op {
                line,
                op: op.into(),
                cost,
                size,
            });
        }
    }
    let &(op, cost) = FUNCTIONS.iter().find(|(f, _)| *f == name)?;
    let first = args.first()?;
    // `min(a, b)` is O(1); `sum(x for …)` is a loop already.
    if matches!(op, "min" | "max") && args.len() > 1 {
        return None;
    }
    if matches!(
        first,
        Expr::Generator(_) | Expr::ListComp(_) | Expr::SetComp(_)
    ) {
        return None;
    }
    let size: SizeRef = names.len_of(first)?;
    Some(CostNode::Op {
        line,
        op: op.into(),
        cost,
        size,
    })
}

/// `x in xs`: linear when `xs` is a list (or a string), O(1) for sets and dicts.
pub(super) fn membership(names: &Names, container: &Expr, line: u32) -> Option<CostNode> {
    let linear = match container {
        Expr::Name(n) => {
            names.lists.contains(n.id.as_str()) && !names.hashed.contains(n.id.as_str())
        }
        Expr::List(_) | Expr::Tuple(_) => false,
        Expr::Subscript(_) => false,
        _ => false,
    };
    if !linear {
        return None;
    }
    let size = names.len_of(container)?;
    Some(CostNode::Op {
        line,
        op: "in".into(),
        cost: OpCost::Linear,
        size,
    })
}
