//! Loop bounds of JavaScript: what a `for (init; test; update)` header counts, what a
//! `for … of` walks, and what a `while` loop's shape proves (halving, doubling, binary
//! search, Euclid, `i * i <= n`, counters, a queue or stack drained, amortised pointers).

use std::collections::HashSet;

use algoscope_trace_format::{LoopBound, SizeRef};
use swc_common::{Span, Spanned};
use swc_ecma_ast::{
    AssignOp, AssignTarget, BinaryOp, Expr, ForHead, ForStmt, Pat, SimpleAssignTarget, Stmt,
    UpdateOp, VarDeclOrExpr,
};
use swc_ecma_visit::{Visit, VisitWith};

use super::names::{callee, ident, int_of, names_in, pat_names, un, Names};

/// The variable a `for (init; …)` counts with and its first value.
fn counter(f: &ForStmt) -> Option<(String, Option<&Expr>)> {
    match f.init.as_ref() {
        Some(VarDeclOrExpr::VarDecl(d)) => {
            let first = d.decls.first()?;
            let Pat::Ident(b) = &first.name else {
                return None;
            };
            Some((b.id.sym.to_string(), first.init.as_deref()))
        }
        Some(VarDeclOrExpr::Expr(e)) => match un(e) {
            Expr::Assign(a) => Some((target_name(&a.left)?.to_string(), Some(&*a.right))),
            _ => None,
        },
        None => {
            let test = f.test.as_deref()?;
            let names = names_in(test);
            let update = f.update.as_deref()?;
            let updated = names_in(update);
            names
                .into_iter()
                .find(|n| updated.contains(n))
                .map(|n| (n, None))
        }
    }
}

/// The name an assignment writes, if it is a plain name.
pub(super) fn target_name(t: &AssignTarget) -> Option<&str> {
    match t {
        AssignTarget::Simple(SimpleAssignTarget::Ident(b)) => Some(b.id.sym.as_str()),
        _ => None,
    }
}

/// How an update changes `var`: `Some(true)` multiplies or divides, `Some(false)` steps,
/// with whether it counts down.
fn step_of(update: &Expr, var: &str) -> Option<(bool, bool)> {
    match un(update) {
        Expr::Update(u) if ident(&u.arg) == Some(var) => {
            Some((false, u.op == UpdateOp::MinusMinus))
        }
        Expr::Assign(a) if target_name(&a.left) == Some(var) => match a.op {
            AssignOp::AddAssign => Some((false, int_of(&a.right).is_some_and(|k| k < 0))),
            AssignOp::SubAssign => Some((false, int_of(&a.right).is_none_or(|k| k >= 0))),
            AssignOp::MulAssign | AssignOp::LShiftAssign => Some((true, false)),
            AssignOp::DivAssign | AssignOp::RShiftAssign | AssignOp::ZeroFillRShiftAssign => {
                Some((true, true))
            }
            AssignOp::Assign => match un(&a.right) {
                Expr::Bin(b) if ident(&b.left) == Some(var) => match b.op {
                    BinaryOp::Add => Some((false, false)),
                    BinaryOp::Sub => Some((false, true)),
                    BinaryOp::Mul | BinaryOp::LShift => Some((true, false)),
                    _ => None,
                },
                e if is_halving_of(e, var) => Some((true, true)),
                _ => None,
            },
            _ => None,
        },
        Expr::Seq(s) => s.exprs.iter().find_map(|e| step_of(e, var)),
        _ => None,
    }
}

/// `Math.floor(v / 2)`, `v >> 1`, `v / 2`.
fn is_halving_of(e: &Expr, var: &str) -> bool {
    match un(e) {
        Expr::Bin(b) => {
            matches!(
                b.op,
                BinaryOp::Div | BinaryOp::RShift | BinaryOp::ZeroFillRShift
            ) && ident(&b.left) == Some(var)
        }
        Expr::Call(c) => {
            matches!(callee(&c.callee), Some((_, "floor" | "trunc" | "ceil")))
                && c.args.first().is_some_and(|a| is_halving_of(&a.expr, var))
        }
        _ => false,
    }
}

/// In `var < n` (or `n > var`, or inside `&&`), the side that is not `var`.
fn other_side<'e>(test: &'e Expr, var: &str) -> Option<&'e Expr> {
    match un(test) {
        Expr::Bin(b)
            if matches!(
                b.op,
                BinaryOp::Lt
                    | BinaryOp::LtEq
                    | BinaryOp::Gt
                    | BinaryOp::GtEq
                    | BinaryOp::NotEq
                    | BinaryOp::NotEqEq
            ) =>
        {
            if names_in(&*b.left).iter().any(|n| n == var) {
                Some(&b.right)
            } else if names_in(&*b.right).iter().any(|n| n == var) {
                Some(&b.left)
            } else {
                None
            }
        }
        Expr::Bin(b) if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) => {
            other_side(&b.left, var).or_else(|| other_side(&b.right, var))
        }
        Expr::Unary(u) => other_side(&u.arg, var),
        _ => None,
    }
}

/// `i * i <= n`, `i ** 2 <= n` or `i <= Math.sqrt(n)`: the size under the root.
fn sqrt_test(names: &Names, test: &Expr) -> Option<SizeRef> {
    let Expr::Bin(b) = un(test) else { return None };
    if matches!(b.op, BinaryOp::LogicalAnd) {
        return sqrt_test(names, &b.left).or_else(|| sqrt_test(names, &b.right));
    }
    if !matches!(
        b.op,
        BinaryOp::Lt | BinaryOp::LtEq | BinaryOp::Gt | BinaryOp::GtEq
    ) {
        return None;
    }
    let squared = |e: &Expr| match un(e) {
        Expr::Bin(x) => {
            (x.op == BinaryOp::Mul && ident(&x.left).is_some() && ident(&x.left) == ident(&x.right))
                || (x.op == BinaryOp::Exp && int_of(&x.right) == Some(2))
        }
        _ => false,
    };
    let root = |e: &Expr| match un(e) {
        Expr::Call(c) if matches!(callee(&c.callee), Some((_, "sqrt"))) => {
            c.args.first().and_then(|a| names.size_of(&a.expr))
        }
        _ => None,
    };
    if squared(&b.left) {
        names.size_of(&b.right)
    } else if squared(&b.right) {
        names.size_of(&b.left)
    } else {
        root(&b.right).or_else(|| root(&b.left))
    }
}

/// The bound of a counting `for` and what its counter stands for. `amortised` says the
/// counter is not reset by the loop around (an inner pointer that only moves forward).
pub(super) fn for_bound(
    names: &Names,
    f: &ForStmt,
    enclosing: Option<(&[Stmt], &LoopBound)>,
) -> (LoopBound, Option<(String, SizeRef)>) {
    let Some(test) = f.test.as_deref() else {
        return (LoopBound::Unknown, None);
    };
    if let Some(size) = sqrt_test(names, test) {
        return (LoopBound::Sqrt { size }, None);
    }
    let Some((var, init)) = counter(f) else {
        return (LoopBound::Unknown, None);
    };
    let Some((log, down)) = f.update.as_deref().and_then(|u| step_of(u, &var)) else {
        return (LoopBound::Unknown, None);
    };
    let other = other_side(test, &var);
    let from = if down { init } else { other };
    let literal =
        |e: Option<&Expr>| e.is_some_and(|e| int_of(e).is_some() || fixed_length(names, e));
    if literal(from) && (literal(other) || literal(init)) {
        return (LoopBound::Constant, None);
    }
    let size = from
        .and_then(|e| names.size_of(e))
        .or_else(|| other.and_then(|e| names.size_of(e)));
    let Some(size) = size else {
        return (LoopBound::Unknown, None);
    };
    if log {
        return (LoopBound::Log { size }, None);
    }
    if init.is_none() {
        if let Some((outer_body, outer_bound)) = enclosing {
            if !assigned_outside(outer_body, f.span, &var) {
                let size = bound_size(outer_bound).unwrap_or(size);
                return (LoopBound::Amortised { size }, None);
            }
        }
    }
    (
        LoopBound::Size {
            sizes: vec![size.clone()],
        },
        Some((var, size)),
    )
}

/// `DIRS.length` of a constant collection.
fn fixed_length(names: &Names, e: &Expr) -> bool {
    matches!(un(e), Expr::Member(m) if ident(&m.obj).is_some_and(|o| names.constants.contains(o)))
}

/// The bound of `for (… of right)` / `for (… in right)`.
pub(super) fn of_bound(names: &Names, right: &Expr) -> LoopBound {
    match un(right) {
        Expr::Array(a) if a.elems.iter().flatten().all(|x| x.spread.is_none()) => {
            LoopBound::Constant
        }
        Expr::Lit(_) | Expr::Tpl(_) => LoopBound::Constant,
        Expr::Ident(i) if names.constants.contains(i.sym.as_str()) => LoopBound::Constant,
        e => names
            .len_of(e)
            .map_or(LoopBound::Unknown, |s| LoopBound::Size { sizes: vec![s] }),
    }
}

/// The names a `for … of` head binds.
pub(super) fn head_names(h: &ForHead) -> Vec<String> {
    match h {
        ForHead::VarDecl(d) => d.decls.iter().flat_map(|d| pat_names(&d.name)).collect(),
        ForHead::Pat(p) => pat_names(p),
        ForHead::UsingDecl(_) => Vec::new(),
    }
}

/// How the variables of a `while` test change in its body.
#[derive(Default)]
struct Updates {
    log: HashSet<String>,
    step: HashSet<String>,
    walk: HashSet<String>,
    popped: HashSet<String>,
    neighbours: Option<String>,
    halves: HashSet<String>,
    /// Names assigned a doubling of another (`const c = 2 * i + 1`): a heap's child index.
    doubles: HashSet<String>,
    /// Containers pushed to (`queue.push(v)`).
    pushed: HashSet<String>,
}

struct UpdateFinder<'n> {
    names: &'n Names,
    u: Updates,
}

impl Visit for UpdateFinder<'_> {
    fn visit_function(&mut self, _: &swc_ecma_ast::Function) {}
    fn visit_arrow_expr(&mut self, _: &swc_ecma_ast::ArrowExpr) {}

    fn visit_update_expr(&mut self, u: &swc_ecma_ast::UpdateExpr) {
        if let Some(n) = ident(&u.arg) {
            self.u.step.insert(n.to_string());
        }
    }

    fn visit_var_declarator(&mut self, d: &swc_ecma_ast::VarDeclarator) {
        if let (Pat::Ident(b), Some(init)) = (&d.name, &d.init) {
            self.classify(b.id.sym.as_str(), init);
        }
        d.visit_children_with(self);
    }

    fn visit_assign_expr(&mut self, a: &swc_ecma_ast::AssignExpr) {
        match &a.left {
            AssignTarget::Simple(SimpleAssignTarget::Ident(b)) => {
                let t = b.id.sym.as_str();
                match a.op {
                    AssignOp::Assign => self.classify(t, &a.right),
                    AssignOp::AddAssign | AssignOp::SubAssign => {
                        self.u.step.insert(t.to_string());
                    }
                    AssignOp::DivAssign
                    | AssignOp::MulAssign
                    | AssignOp::RShiftAssign
                    | AssignOp::LShiftAssign
                    | AssignOp::ZeroFillRShiftAssign
                    | AssignOp::ModAssign => {
                        self.u.log.insert(t.to_string());
                    }
                    _ => {}
                }
            }
            AssignTarget::Pat(swc_ecma_ast::AssignTargetPat::Array(p)) => {
                let values: Vec<&Expr> = match un(&a.right) {
                    Expr::Array(v) => v.elems.iter().flatten().map(|x| &*x.expr).collect(),
                    _ => Vec::new(),
                };
                for (i, e) in p.elems.iter().enumerate() {
                    if let (Some(Pat::Ident(b)), Some(v)) = (e, values.get(i)) {
                        self.classify(b.id.sym.as_str(), v);
                    }
                }
            }
            _ => {}
        }
        a.right.visit_with(self);
    }

    fn visit_for_of_stmt(&mut self, f: &swc_ecma_ast::ForOfStmt) {
        self.neighbour_list(&f.right);
        f.body.visit_with(self);
    }

    fn visit_call_expr(&mut self, c: &swc_ecma_ast::CallExpr) {
        if let Some((Some(r), name)) = callee(&c.callee) {
            if matches!(name, "pop" | "shift" | "dequeue" | "poll" | "popleft") {
                if let Some(d) = super::names::dotted(r) {
                    self.u.popped.insert(d);
                }
                if let Expr::Member(m) = un(r) {
                    // `this.heap.pop()`, `pq.items.pop()`: the owner is drained too.
                    if let Some(d) = super::names::dotted(&m.obj) {
                        self.u.popped.insert(d);
                    }
                }
            }
            if name == "forEach" {
                self.neighbour_list(r);
            }
            if matches!(name, "push" | "unshift" | "enqueue") {
                if let Some(d) = super::names::dotted(r) {
                    self.u.pushed.insert(d);
                }
            }
        }
        c.visit_children_with(self);
    }
}

impl UpdateFinder<'_> {
    fn neighbour_list(&mut self, e: &Expr) {
        let base = match un(e) {
            Expr::Member(m) if matches!(m.prop, swc_ecma_ast::MemberProp::Computed(_)) => {
                ident(&m.obj)
            }
            Expr::Call(c) => match callee(&c.callee) {
                Some((Some(r), "get")) => ident(r),
                _ => None,
            },
            _ => None,
        };
        if let Some(g) = base {
            self.u.neighbours.get_or_insert_with(|| g.to_string());
        }
    }

    fn classify(&mut self, t: &str, v: &Expr) {
        let v = un(v);
        if self.names.is_half(v) && !names_in(v).iter().any(|n| n == t) {
            self.u.halves.insert(t.to_string());
            return;
        }
        if names_in(v)
            .iter()
            .any(|u| self.u.halves.contains(u) || self.u.doubles.contains(u))
            && !matches!(v, Expr::Member(_))
        {
            self.u.log.insert(t.to_string());
            return;
        }
        if doubling(v).is_some_and(|d| d == t) {
            self.u.log.insert(t.to_string());
            return;
        }
        if doubling(v).is_some() {
            self.u.doubles.insert(t.to_string());
            return;
        }
        match v {
            Expr::Bin(b) => {
                let on_self = ident(&b.left) == Some(t);
                match b.op {
                    BinaryOp::Div | BinaryOp::RShift | BinaryOp::Mul | BinaryOp::LShift
                        if on_self =>
                    {
                        self.u.log.insert(t.to_string());
                    }
                    BinaryOp::Mod => {
                        self.u.log.insert(t.to_string());
                    }
                    BinaryOp::Add | BinaryOp::Sub if on_self => {
                        self.u.step.insert(t.to_string());
                    }
                    _ => {}
                }
            }
            Expr::Call(_) if is_halving_of(v, t) => {
                self.u.log.insert(t.to_string());
            }
            Expr::Ident(i) if self.names.halves.contains(i.sym.as_str()) => {
                self.u.log.insert(t.to_string());
            }
            Expr::Member(m) => match &m.prop {
                swc_ecma_ast::MemberProp::Ident(_) if ident(&m.obj) == Some(t) => {
                    self.u.walk.insert(t.to_string());
                }
                swc_ecma_ast::MemberProp::Computed(k) if ident(&k.expr) == Some(t) => {
                    self.u.walk.insert(t.to_string());
                }
                _ => {}
            },
            _ => {}
        }
    }
}

/// `2 * i`, `2 * i + 1`, `i * 2 + 2`: the doubled name.
fn doubling(e: &Expr) -> Option<&str> {
    match un(e) {
        Expr::Bin(b) if b.op == BinaryOp::Mul => {
            if int_of(&b.left).is_some_and(|k| k >= 2) {
                ident(&b.right)
            } else if int_of(&b.right).is_some_and(|k| k >= 2) {
                ident(&b.left)
            } else {
                None
            }
        }
        Expr::Bin(b) if b.op == BinaryOp::Add && int_of(&b.right).is_some() => doubling(&b.left),
        _ => None,
    }
}

fn bound_size(b: &LoopBound) -> Option<SizeRef> {
    match b {
        LoopBound::Size { sizes } => sizes.first().cloned(),
        LoopBound::Amortised { size } => Some(size.clone()),
        _ => None,
    }
}

/// Whether `var` is assigned in `outer` anywhere but inside the statement at `skip`.
fn assigned_outside(outer: &[Stmt], skip: Span, var: &str) -> bool {
    struct A<'v> {
        var: &'v str,
        skip: Span,
        found: bool,
    }
    impl Visit for A<'_> {
        fn visit_stmt(&mut self, s: &Stmt) {
            if s.span() != self.skip {
                s.visit_children_with(self);
            }
        }
        fn visit_for_stmt(&mut self, f: &ForStmt) {
            if f.span != self.skip {
                f.visit_children_with(self);
            }
        }
        fn visit_var_declarator(&mut self, d: &swc_ecma_ast::VarDeclarator) {
            if pat_names(&d.name).iter().any(|n| n == self.var) {
                self.found = true;
            }
            d.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &swc_ecma_ast::AssignExpr) {
            if target_name(&a.left) == Some(self.var) {
                self.found = true;
            }
            a.visit_children_with(self);
        }
    }
    let mut a = A {
        var,
        skip,
        found: false,
    };
    for s in outer {
        a.visit_stmt(s);
    }
    a.found
}

/// The bound of `while (test) body` (or `do body while (test)`), given the loop around it.
pub(super) fn while_bound(
    names: &Names,
    span: Span,
    test: &Expr,
    body: &Stmt,
    enclosing: Option<(&[Stmt], &LoopBound)>,
) -> LoopBound {
    if let Some(size) = sqrt_test(names, test) {
        return LoopBound::Sqrt { size };
    }
    let in_test = test_names(test);
    let mut finder = UpdateFinder {
        names,
        u: Updates::default(),
    };
    body.visit_with(&mut finder);
    let u = finder.u;
    let other = |var: &str| -> Option<SizeRef> {
        other_side(test, var)
            .and_then(|e| names.size_of(e))
            .or_else(|| names.sizes.get(var).cloned())
            .or_else(|| Some(SizeRef::value(var)))
    };
    if let Some(var) = in_test.iter().find(|v| u.log.contains(*v)) {
        let size = other(var).unwrap_or_else(|| SizeRef::value(var));
        return LoopBound::Log { size };
    }
    // A queue walked by a head index and fed from neighbour lists: each vertex once.
    if let Some(g) = &u.neighbours {
        if in_test
            .iter()
            .any(|v| u.pushed.contains(v) || u.popped.contains(v))
        {
            return LoopBound::Size {
                sizes: vec![SizeRef::len(g)],
            };
        }
    }
    if let Some(var) = in_test.iter().find(|v| u.step.contains(*v)) {
        if let Some((outer_body, outer_bound)) = enclosing {
            if !assigned_outside(outer_body, span, var) {
                if let Some(size) = bound_size(outer_bound).or_else(|| other(var)) {
                    return LoopBound::Amortised { size };
                }
            }
        }
        return other(var).map_or(LoopBound::Unknown, |s| LoopBound::Size { sizes: vec![s] });
    }
    if let Some(var) = in_test.iter().find(|v| u.popped.contains(*v)) {
        if let Some(g) = &u.neighbours {
            return LoopBound::Size {
                sizes: vec![SizeRef::len(g)],
            };
        }
        let root = var.split('.').next().unwrap_or(var);
        if let Some((outer_body, outer_bound)) = enclosing {
            if !assigned_outside(outer_body, span, root) {
                if let Some(size) = bound_size(outer_bound) {
                    return LoopBound::Amortised { size };
                }
            }
        }
        let size = names
            .sizes
            .get(root)
            .cloned()
            .unwrap_or_else(|| SizeRef::len(root));
        return LoopBound::Size { sizes: vec![size] };
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

/// The names and dotted chains a test reads (`queue.length` gives `queue`; `pq.items.length`
/// gives `pq.items` and `pq`).
fn test_names(test: &Expr) -> Vec<String> {
    struct T(Vec<String>);
    impl Visit for T {
        fn visit_member_expr(&mut self, m: &swc_ecma_ast::MemberExpr) {
            if let Some(d) = super::names::dotted(&m.obj) {
                self.0.push(d);
            }
            m.visit_children_with(self);
        }
        fn visit_ident(&mut self, id: &swc_ecma_ast::Ident) {
            self.0.push(id.sym.to_string());
        }
    }
    let mut t = T(Vec::new());
    test.visit_with(&mut t);
    t.0
}
