//! Loop bounds: what a `for` header iterates over, and what a `while` loop's shape proves
//! (halving, doubling, binary search, Euclid, `i * i <= n`, counters, two pointers, a queue
//! or stack drained, amortised inner pointers).

use std::collections::HashSet;

use algoscope_trace_format::{LoopBound, SizeRef};
use ruff_python_ast::visitor::{walk_stmt, Visitor};
use ruff_python_ast::{CmpOp, Expr, Number, Operator, Stmt};
use ruff_text_size::Ranged;

use super::collect_names;
use super::names::{callee_name, int_of, name_of, Names};

/// The bound of `for … in iter`.
pub(super) fn for_bound(names: &Names, iter: &Expr, range: Option<SizeRef>) -> LoopBound {
    match iter {
        Expr::Call(c) if callee_name(&c.func) == Some("range") => {
            if c.arguments.args.iter().any(is_sqrt) {
                let size = c.arguments.args.iter().find_map(|a| sqrt_of(names, a));
                return size.map_or(LoopBound::Unknown, |size| LoopBound::Sqrt { size });
            }
            if c.arguments.args.iter().all(|a| int_of(a).is_some()) {
                return LoopBound::Constant;
            }
            range.map_or(LoopBound::Unknown, |s| LoopBound::Size { sizes: vec![s] })
        }
        Expr::List(_) | Expr::Tuple(_) | Expr::Set(_) | Expr::StringLiteral(_) => {
            LoopBound::Constant
        }
        Expr::Name(n) if names.constants.contains(n.id.as_str()) => LoopBound::Constant,
        e => names
            .len_of(e)
            .map_or(LoopBound::Unknown, |s| LoopBound::Size { sizes: vec![s] }),
    }
}

fn is_sqrt(e: &Expr) -> bool {
    match e {
        Expr::Call(c) => {
            matches!(callee_name(&c.func), Some("isqrt" | "sqrt"))
                || c.arguments.args.iter().any(is_sqrt)
        }
        Expr::BinOp(b) => {
            (b.op == Operator::Pow
                && matches!(&*b.right, Expr::NumberLiteral(n) if matches!(n.value, Number::Float(f) if (f - 0.5).abs() < 1e-9)))
                || is_sqrt(&b.left)
                || is_sqrt(&b.right)
        }
        _ => false,
    }
}

fn sqrt_of(names: &Names, e: &Expr) -> Option<SizeRef> {
    match e {
        Expr::Call(c) => c.arguments.args.iter().find_map(|a| sqrt_of(names, a)),
        Expr::BinOp(b) if b.op == Operator::Pow => names.size_of(&b.left),
        Expr::BinOp(b) => sqrt_of(names, &b.left).or_else(|| sqrt_of(names, &b.right)),
        _ => None,
    }
}

/// How the variables of a `while` test change in its body.
#[derive(Default)]
struct Updates {
    /// `x //= 2`, `x = x // 2`, `x >>= 1`, `x *= 2`, `x = mid ± 1`, `a, b = b, a % b`.
    log: HashSet<String>,
    /// `x += 1`, `x -= 1`.
    step: HashSet<String>,
    /// `x = x.next`, `x = parent[x]`: walks a structure.
    walk: HashSet<String>,
    /// Containers popped from (`stack.pop()`, `heappop(h)`, `q.popleft()`).
    popped: HashSet<String>,
    /// A `for … in g[u]` inside: the neighbour lists of `g`.
    neighbours: Option<String>,
    /// Every name assigned.
    assigned: HashSet<String>,
    /// Names assigned a halving in the body (`mid = (lo + hi) // 2`).
    halves: HashSet<String>,
}

struct UpdateFinder<'n> {
    names: &'n Names,
    u: Updates,
}

impl<'a> Visitor<'a> for UpdateFinder<'_> {
    fn visit_stmt(&mut self, s: &'a Stmt) {
        match s {
            Stmt::FunctionDef(_) | Stmt::ClassDef(_) => return,
            Stmt::AugAssign(a) => {
                if let Some(t) = name_of(&a.target) {
                    self.u.assigned.insert(t.to_string());
                    match a.op {
                        Operator::FloorDiv
                        | Operator::Div
                        | Operator::RShift
                        | Operator::Mult
                        | Operator::LShift
                            if int_of(&a.value).is_some_and(|k| k.abs() >= 2)
                                || matches!(a.op, Operator::RShift | Operator::LShift) =>
                        {
                            self.u.log.insert(t.to_string());
                        }
                        Operator::Add | Operator::Sub => {
                            self.u.step.insert(t.to_string());
                        }
                        _ => {}
                    }
                }
            }
            Stmt::Assign(a) => {
                for t in &a.targets {
                    match t {
                        Expr::Name(n) => {
                            let t = n.id.to_string();
                            self.u.assigned.insert(t.clone());
                            self.classify(&t, &a.value);
                        }
                        Expr::Tuple(tt) => {
                            let values: Vec<&Expr> = match &*a.value {
                                Expr::Tuple(v) => v.elts.iter().collect(),
                                _ => Vec::new(),
                            };
                            for (i, e) in tt.elts.iter().enumerate() {
                                if let Some(n) = name_of(e) {
                                    self.u.assigned.insert(n.to_string());
                                    if let Some(v) = values.get(i) {
                                        self.classify(n, v);
                                    }
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            Stmt::For(f) => {
                if let Expr::Subscript(sub) = &*f.iter {
                    if let Some(g) = name_of(&sub.value) {
                        self.u.neighbours.get_or_insert_with(|| g.to_string());
                    }
                }
                let mut t = Vec::new();
                collect_names(&f.target, &mut t);
                self.u.assigned.extend(t);
            }
            Stmt::Expr(e) => self.popped(&e.value),
            _ => {}
        }
        walk_stmt(self, s);
    }

    fn visit_expr(&mut self, e: &'a Expr) {
        self.popped(e);
        ruff_python_ast::visitor::walk_expr(self, e);
    }
}

impl UpdateFinder<'_> {
    fn classify(&mut self, t: &str, v: &Expr) {
        if let Expr::BinOp(b) = v {
            if matches!(b.op, Operator::FloorDiv | Operator::RShift) && name_of(&b.left) != Some(t)
            {
                self.u.halves.insert(t.to_string());
                return;
            }
        }
        let mut used = Vec::new();
        collect_names(v, &mut used);
        if used.iter().any(|u| self.u.halves.contains(u)) && !matches!(v, Expr::Subscript(_)) {
            self.u.log.insert(t.to_string());
            return;
        }
        match v {
            Expr::BinOp(b) => {
                let on_self = name_of(&b.left) == Some(t);
                match b.op {
                    Operator::FloorDiv | Operator::Div | Operator::RShift | Operator::Mult
                        if on_self =>
                    {
                        self.u.log.insert(t.to_string());
                    }
                    Operator::Mod => {
                        self.u.log.insert(t.to_string());
                    }
                    Operator::Add | Operator::Sub if on_self => {
                        self.u.step.insert(t.to_string());
                    }
                    _ if self.names.is_half(v) => {
                        self.u.log.insert(t.to_string());
                    }
                    _ => {}
                }
            }
            Expr::Name(n) if self.names.halves.contains(n.id.as_str()) => {
                self.u.log.insert(t.to_string());
            }
            Expr::Attribute(a) if name_of(&a.value) == Some(t) => {
                self.u.walk.insert(t.to_string());
            }
            Expr::Subscript(s) if name_of(&s.slice) == Some(t) => {
                self.u.walk.insert(t.to_string());
            }
            _ => {}
        }
    }

    fn popped(&mut self, e: &Expr) {
        if let Expr::Call(c) = e {
            match (callee_name(&c.func), &*c.func) {
                (Some("pop" | "popleft" | "popitem"), Expr::Attribute(a)) => {
                    if let Some(n) = name_of(&a.value) {
                        self.u.popped.insert(n.to_string());
                    }
                }
                (Some("heappop" | "heappushpop"), _) => {
                    if let Some(n) = c.arguments.args.first().and_then(name_of) {
                        self.u.popped.insert(n.to_string());
                    }
                }
                _ => {}
            }
        }
    }
}

fn updates(names: &Names, body: &[Stmt]) -> Updates {
    let mut f = UpdateFinder {
        names,
        u: Updates::default(),
    };
    for s in body {
        f.visit_stmt(s);
    }
    f.u
}

/// The bound of `while test: body`, given the loop around it (its body and bound).
pub(super) fn while_bound(
    names: &Names,
    stmt: &Stmt,
    test: &Expr,
    body: &[Stmt],
    enclosing: Option<(&[Stmt], &LoopBound)>,
) -> LoopBound {
    let mut in_test = Vec::new();
    collect_names(test, &mut in_test);
    let u = updates(names, body);
    let other_side = |var: &str| -> Option<SizeRef> {
        compare_other_side(test, var)
            .and_then(|e| names.size_of(e))
            .or_else(|| names.size_of(&name_expr_like(var, names)?))
    };
    // `while i * i <= n`
    if let Some(size) = square_test(names, test) {
        return LoopBound::Sqrt { size };
    }
    if let Some(var) = in_test.iter().find(|v| u.log.contains(*v)) {
        let size = other_side(var).unwrap_or_else(|| SizeRef::value(var));
        return LoopBound::Log { size };
    }
    // A counter or pointer moving by one: amortised when the loop around never resets it.
    if let Some(var) = in_test.iter().find(|v| u.step.contains(*v)) {
        if let Some((outer_body, outer_bound)) = enclosing {
            if !assigned_outside(outer_body, stmt, var) {
                if let Some(size) = bound_size(outer_bound).or_else(|| other_side(var)) {
                    return LoopBound::Amortised { size };
                }
            }
        }
        return other_side(var).map_or(LoopBound::Unknown, |s| LoopBound::Size { sizes: vec![s] });
    }
    if let Some(var) = in_test.iter().find(|v| u.popped.contains(*v)) {
        if let Some(g) = &u.neighbours {
            return LoopBound::Size {
                sizes: vec![SizeRef::len(g)],
            };
        }
        if let Some((outer_body, outer_bound)) = enclosing {
            if !assigned_outside(outer_body, stmt, var) {
                if let Some(size) = bound_size(outer_bound) {
                    return LoopBound::Amortised { size };
                }
            }
        }
        return names
            .len_of(&name_expr_like(var, names).unwrap_or_else(|| placeholder(var)))
            .map_or(LoopBound::Unknown, |s| LoopBound::Size { sizes: vec![s] });
    }
    if let Some(var) = in_test.iter().find(|v| u.walk.contains(*v)) {
        let size = names
            .sizes
            .get(var.as_str())
            .cloned()
            .unwrap_or_else(|| SizeRef::value(var));
        return LoopBound::Size { sizes: vec![size] };
    }
    LoopBound::Unknown
}

fn placeholder(var: &str) -> Expr {
    Expr::Name(ruff_python_ast::ExprName {
        node_index: Default::default(),
        range: Default::default(),
        id: var.into(),
        ctx: ruff_python_ast::ExprContext::Load,
    })
}

fn name_expr_like(var: &str, _names: &Names) -> Option<Expr> {
    Some(placeholder(var))
}

fn bound_size(b: &LoopBound) -> Option<SizeRef> {
    match b {
        LoopBound::Size { sizes } => sizes.first().cloned(),
        LoopBound::Amortised { size } => Some(size.clone()),
        _ => None,
    }
}

/// Whether `var` is assigned in `outer` anywhere but inside `inner`.
fn assigned_outside(outer: &[Stmt], inner: &Stmt, var: &str) -> bool {
    struct A<'v> {
        var: &'v str,
        skip: ruff_text_size::TextRange,
        found: bool,
    }
    impl<'a> Visitor<'a> for A<'_> {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            if s.range() == self.skip {
                return;
            }
            let targets: Vec<&Expr> = match s {
                Stmt::Assign(a) => a.targets.iter().collect(),
                Stmt::AugAssign(a) => vec![&*a.target],
                Stmt::AnnAssign(a) => vec![&*a.target],
                Stmt::For(f) => vec![&*f.target],
                _ => Vec::new(),
            };
            for t in targets {
                let mut n = Vec::new();
                collect_names(t, &mut n);
                if n.iter().any(|x| x == self.var) {
                    self.found = true;
                }
            }
            walk_stmt(self, s);
        }
    }
    let mut a = A {
        var,
        skip: inner.range(),
        found: false,
    };
    for s in outer {
        a.visit_stmt(s);
    }
    a.found
}

/// In `var < n` (or `n > var`, or inside `and`), the side that is not `var`.
fn compare_other_side<'e>(test: &'e Expr, var: &str) -> Option<&'e Expr> {
    match test {
        Expr::Compare(c) => {
            let right = c.comparators.first()?;
            if mentions(&c.left, var) {
                Some(right)
            } else if mentions(right, var) {
                Some(&c.left)
            } else {
                None
            }
        }
        Expr::BoolOp(b) => b.values.iter().find_map(|v| compare_other_side(v, var)),
        Expr::UnaryOp(u) => compare_other_side(&u.operand, var),
        _ => None,
    }
}

fn mentions(e: &Expr, var: &str) -> bool {
    let mut n = Vec::new();
    collect_names(e, &mut n);
    n.iter().any(|x| x == var)
}

/// `i * i <= n` or `i ** 2 <= n`: the size under the root.
fn square_test(names: &Names, test: &Expr) -> Option<SizeRef> {
    let Expr::Compare(c) = test else { return None };
    let right = c.comparators.first()?;
    let squared = |e: &Expr| match e {
        Expr::BinOp(b) => {
            (b.op == Operator::Mult
                && name_of(&b.left).is_some()
                && name_of(&b.left) == name_of(&b.right))
                || (b.op == Operator::Pow && int_of(&b.right) == Some(2))
        }
        _ => false,
    };
    if !matches!(
        c.ops.first(),
        Some(CmpOp::Lt | CmpOp::LtE | CmpOp::Gt | CmpOp::GtE)
    ) {
        return None;
    }
    if squared(&c.left) {
        names.size_of(right)
    } else if squared(right) {
        names.size_of(&c.left)
    } else {
        None
    }
}
