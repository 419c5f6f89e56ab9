//! What the names of one function stand for: sizes (`n = len(nums)`), halves
//! (`mid = (lo + hi) // 2`), items of a collection (`for u in graph`), sets and dicts (hashed
//! membership), and constants.

use std::collections::{HashMap, HashSet};

use algoscope_trace_format::SizeRef;
use ruff_python_ast::{Expr, Number, Operator};

/// The names of one function (or the top level) and what they hold.
#[derive(Default, Clone)]
pub(crate) struct Names {
    /// Name → the size it equals (`n = len(nums)`, `hi = len(a) - 1`, `i` of `range(n)`).
    pub sizes: HashMap<String, SizeRef>,
    /// Names assigned a halving (`mid = (lo + hi) // 2`).
    pub halves: HashSet<String>,
    /// Names assigned from a call of the program's own function (a partition index).
    pub from_calls: HashSet<String>,
    /// Loop variable → the collection it walks (`for u in graph` gives `u → graph`).
    pub items_of: HashMap<String, String>,
    /// Names holding sets, dicts, Counters: membership is O(1).
    pub hashed: HashSet<String>,
    /// Names holding lists (membership is O(n)).
    pub lists: HashSet<String>,
    /// Names holding a fixed collection (`DIRS = [(0, 1), (1, 0)]`).
    pub constants: HashSet<String>,
    /// Names of collections created empty in this function (`heap = []`).
    pub local_empty: HashSet<String>,
    /// The first number read from input, if any (the size of collections read after it).
    pub input_number: Option<String>,
}

/// The plain name an expression is, if it is one.
pub(crate) fn name_of(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name(n) => Some(n.id.as_str()),
        _ => None,
    }
}

/// A whole-number literal's value.
pub(crate) fn int_of(e: &Expr) -> Option<i64> {
    match e {
        Expr::NumberLiteral(n) => match &n.value {
            Number::Int(i) => i.as_i64(),
            _ => None,
        },
        Expr::UnaryOp(u) => int_of(&u.operand).map(|v| -v),
        _ => None,
    }
}

/// The called function's name: `f(…)` → `f`, `obj.m(…)` → `m`.
pub(crate) fn callee_name(func: &Expr) -> Option<&str> {
    match func {
        Expr::Name(n) => Some(n.id.as_str()),
        Expr::Attribute(a) => Some(a.attr.as_str()),
        _ => None,
    }
}

/// Whether `e` is a call reading input (`input()`, `sys.stdin.readline()`, `….split()` of
/// one), anywhere inside.
pub(crate) fn reads_input(e: &Expr) -> bool {
    match e {
        Expr::Call(c) => {
            matches!(callee_name(&c.func), Some("input" | "readline" | "read"))
                || reads_input(&c.func)
                || c.arguments.args.iter().any(reads_input)
        }
        Expr::Attribute(a) => reads_input(&a.value),
        Expr::ListComp(l) => l.generators.iter().any(|g| reads_input(&g.iter)),
        Expr::Subscript(s) => reads_input(&s.value),
        _ => false,
    }
}

impl Names {
    /// The size an expression stands for, as a bound (`len(xs)`, `n - 1`, `hi - lo`,
    /// `graph[u]` as one item's length); `None` for a constant or something unknown.
    pub(crate) fn size_of(&self, e: &Expr) -> Option<SizeRef> {
        match e {
            Expr::Name(n) => {
                let id = n.id.as_str();
                if self.constants.contains(id) {
                    return None;
                }
                Some(
                    self.sizes
                        .get(id)
                        .cloned()
                        .unwrap_or_else(|| SizeRef::value(id)),
                )
            }
            Expr::Call(c) => match (callee_name(&c.func), c.arguments.args.first()) {
                (Some("len"), Some(arg)) => self.len_of(arg),
                (Some("int" | "abs" | "isqrt" | "max" | "min"), Some(arg)) => self.size_of(arg),
                _ if reads_input(e) => Some(SizeRef::value("input")),
                _ => None,
            },
            Expr::BinOp(b) => match b.op {
                Operator::Add | Operator::Mult => {
                    self.size_of(&b.left).or_else(|| self.size_of(&b.right))
                }
                Operator::Sub | Operator::FloorDiv | Operator::Div | Operator::RShift => {
                    self.size_of(&b.left)
                }
                _ => None,
            },
            Expr::Subscript(s) => {
                // `n[0]`, an item: one item's length only through `len`.
                let _ = s;
                None
            }
            _ => None,
        }
    }

    /// The length of a collection expression: `xs` → `len(xs)`, `graph[u]` → one item of
    /// `graph`, `grid[0]` → a row of `grid`.
    pub(crate) fn len_of(&self, e: &Expr) -> Option<SizeRef> {
        match e {
            Expr::Name(n) => {
                let id = n.id.as_str();
                if self.constants.contains(id) {
                    return None;
                }
                if let Some(s) = self.sizes.get(id) {
                    return Some(s.clone());
                }
                if let Some(parent) = self.items_of.get(id) {
                    // An item of a dict of lists is a neighbour list; of a list, a row.
                    return Some(row_or_item(parent, !self.hashed.contains(parent.as_str())));
                }
                Some(SizeRef::len(id))
            }
            Expr::Subscript(s) => {
                let base = name_of(&s.value)?;
                if matches!(*s.slice, Expr::Slice(_)) {
                    return self.len_of(&s.value);
                }
                // A row index from `range` makes a grid row; a vertex makes a neighbour list.
                let by_index = int_of(&s.slice).is_some()
                    || name_of(&s.slice).is_some_and(|k| {
                        self.sizes.get(k).is_some_and(|r| !r.inner)
                            && !self.items_of.contains_key(k)
                    });
                Some(row_or_item(base, by_index))
            }
            Expr::Call(c) => match (callee_name(&c.func), c.arguments.args.first()) {
                (Some("range"), Some(_)) => {
                    let last = c.arguments.args.get(1).unwrap_or(&c.arguments.args[0]);
                    self.size_of(last)
                }
                (
                    Some("enumerate" | "reversed" | "sorted" | "list" | "set" | "zip" | "iter"),
                    Some(arg),
                ) => self.len_of(arg),
                (Some("items" | "keys" | "values"), _) => match &*c.func {
                    Expr::Attribute(a) => self.len_of(&a.value),
                    _ => None,
                },
                _ if reads_input(e) => match &self.input_number {
                    Some(n) => Some(SizeRef::value(n)),
                    None => Some(SizeRef::value("input")),
                },
                _ => None,
            },
            Expr::Attribute(a) => name_of(&a.value).map(SizeRef::len),
            _ => None,
        }
    }

    /// Whether `e` names something halved (`mid`, `n // 2`, `mid + 1`).
    pub(crate) fn is_half(&self, e: &Expr) -> bool {
        match e {
            Expr::Name(n) => self.halves.contains(n.id.as_str()),
            Expr::BinOp(b) => match b.op {
                Operator::FloorDiv | Operator::Div | Operator::RShift => true,
                Operator::Add | Operator::Sub => self.is_half(&b.left) || self.is_half(&b.right),
                _ => false,
            },
            _ => false,
        }
    }
}

/// A row of a grid (`grid[i]` with `i` an index) or one item's list (`graph[u]`).
fn row_or_item(base: &str, by_index: bool) -> SizeRef {
    if by_index {
        SizeRef::len(&format!("{base}[]"))
    } else {
        SizeRef::inner(base)
    }
}
