//! Loop lengths the recorder can know as a loop starts, for sampling long loops the way the
//! Python tracer does (runtimes/python/algoscope_tracer/sampling.py: a loop of known length
//! keeps its first and its last passes).
//!
//! Two shapes give a length:
//!
//! - a counting `for`: `for (…; i < B; i++)` (also `<=`, `>`, `>=`, the test written either way
//!   round, updates `i++`, `++i`, `i--`, `--i`, `i += k`, `i -= k`, `i = i ± k` with a number
//!   literal `k` that moves `i` towards `B`), where the body never assigns `i`. The bound `B`
//!   is numbers, names and property paths (`n - 1 - i`, `grid[0].length`, `this.items.length`)
//!   joined by `+ - * /`. Its values are read again as the first pass starts through
//!   `__as.num(root, …keys)`, which reads own data properties only and gives `NaN` for
//!   anything that is not a number, so no program code runs (no getter, no `valueOf`):
//!   `__as.loopIter(__asf, 0) && __as.loopCount(__asf, 0, i, __as.num(n) - 1, 1, 0)`;
//! - a `for … of` (not `for await`): its iterable is passed through `__as.sized(__asf, 0, …)`,
//!   which notes the length of an array, typed array, string, Map or Set and returns it as is.
//!
//! A body that changes the bound, or an array that grows while iterated, makes the length a
//! guess; the recorder keeps the last passes only while the pass number is within it.

use swc_ecma_ast::{
    AssignExpr, AssignTarget, AssignTargetPat, BinaryOp, Expr, ForStmt, Lit, MemberProp,
    ObjectPatProp, Pat, SimpleAssignTarget, Stmt, UnaryOp, UpdateExpr, UpdateOp,
};
use swc_ecma_visit::{Visit, VisitWith};

/// The arguments after `__asf, idx` of `__as.loopCount` for a counting `for` loop:
/// `i, <bound>, <step>, <1 when the test includes the bound, else 0>`; None when the loop is
/// not one of the shapes in the module docs.
pub(crate) fn counting_args(f: &ForStmt) -> Option<String> {
    let (var, bound, inclusive, upward) = test_parts(f.test.as_deref()?)?;
    let step = update_step(f.update.as_deref()?, &var)?;
    if (step > 0.0) != upward || !step.is_finite() {
        return None;
    }
    if mentions(bound, &var) || assigns(&f.body, &var) {
        return None;
    }
    let bound = bound_text(bound)?;
    Some(format!(
        "{var}, {bound}, {}, {}",
        number(step),
        u8::from(inclusive)
    ))
}

/// `(loop variable, bound, inclusive, counts upward)` of a test `i < B` or `B > i` (and the
/// other three comparisons).
fn test_parts(test: &Expr) -> Option<(String, &Expr, bool, bool)> {
    let Expr::Bin(bin) = unparen(test) else {
        return None;
    };
    // Written `i OP B`: (inclusive, upward).
    let (inclusive, upward) = match bin.op {
        BinaryOp::Lt => (false, true),
        BinaryOp::LtEq => (true, true),
        BinaryOp::Gt => (false, false),
        BinaryOp::GtEq => (true, false),
        _ => return None,
    };
    match (unparen(&bin.left), unparen(&bin.right)) {
        (Expr::Ident(i), bound) => Some((i.sym.to_string(), bound, inclusive, upward)),
        (bound, Expr::Ident(i)) => Some((i.sym.to_string(), bound, inclusive, !upward)),
        _ => None,
    }
}

/// The step of an update of `var`: `i++` is 1, `i -= 2` is -2.
fn update_step(update: &Expr, var: &str) -> Option<f64> {
    match unparen(update) {
        Expr::Update(UpdateExpr { op, arg, .. }) if is_ident(arg, var) => Some(match op {
            UpdateOp::PlusPlus => 1.0,
            UpdateOp::MinusMinus => -1.0,
        }),
        Expr::Assign(AssignExpr {
            op, left, right, ..
        }) => {
            let AssignTarget::Simple(SimpleAssignTarget::Ident(target)) = left else {
                return None;
            };
            if target.id.sym != *var {
                return None;
            }
            match op.as_str() {
                "+=" => literal(right),
                "-=" => literal(right).map(|k| -k),
                "=" => {
                    let Expr::Bin(bin) = unparen(right) else {
                        return None;
                    };
                    if !is_ident(&bin.left, var) {
                        return None;
                    }
                    match bin.op {
                        BinaryOp::Add => literal(&bin.right),
                        BinaryOp::Sub => literal(&bin.right).map(|k| -k),
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

fn literal(e: &Expr) -> Option<f64> {
    match unparen(e) {
        Expr::Lit(Lit::Num(n)) => Some(n.value),
        _ => None,
    }
}

fn is_ident(e: &Expr, name: &str) -> bool {
    matches!(unparen(e), Expr::Ident(i) if i.sym == *name)
}

fn unparen(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => unparen(&p.expr),
        other => other,
    }
}

fn number(v: f64) -> String {
    format!("{v}")
}

/// The bound rewritten so that evaluating it runs no program code: every name or property
/// path read through `__as.num`. None for anything else (calls, private names, strings…).
fn bound_text(e: &Expr) -> Option<String> {
    match e {
        Expr::Paren(p) => bound_text(&p.expr),
        Expr::Lit(Lit::Num(n)) => Some(number(n.value)),
        Expr::Unary(u) if u.op == UnaryOp::Minus => Some(format!("(-{})", bound_text(&u.arg)?)),
        Expr::Bin(b) => {
            let op = match b.op {
                BinaryOp::Add => "+",
                BinaryOp::Sub => "-",
                BinaryOp::Mul => "*",
                BinaryOp::Div => "/",
                _ => return None,
            };
            Some(format!(
                "({} {op} {})",
                bound_text(&b.left)?,
                bound_text(&b.right)?
            ))
        }
        Expr::Ident(_) | Expr::This(_) | Expr::Member(_) => {
            let mut keys = Vec::new();
            let root = path(e, &mut keys)?;
            let mut out = format!("__as.num({root}");
            for key in keys {
                out.push_str(", ");
                out.push_str(&key);
            }
            out.push(')');
            Some(out)
        }
        _ => None,
    }
}

/// The root (a name or `this`) of a property path, pushing its keys as JS expressions.
fn path(e: &Expr, keys: &mut Vec<String>) -> Option<String> {
    match e {
        Expr::Paren(p) => path(&p.expr, keys),
        Expr::Ident(i) => Some(i.sym.to_string()),
        Expr::This(_) => Some("this".to_string()),
        Expr::Member(m) => {
            let root = path(&m.obj, keys)?;
            keys.push(match &m.prop {
                MemberProp::Ident(name) => serde_json::to_string(name.sym.as_str()).ok()?,
                MemberProp::Computed(c) => match &*c.expr {
                    Expr::Lit(Lit::Num(n)) => number(n.value),
                    Expr::Lit(Lit::Str(s)) => serde_json::to_string(s.value.as_str()?).ok()?,
                    Expr::Ident(i) => i.sym.to_string(),
                    _ => return None,
                },
                MemberProp::PrivateName(_) => return None,
            });
            Some(root)
        }
        _ => None,
    }
}

/// Whether `e` reads the name `var` anywhere.
fn mentions(e: &Expr, var: &str) -> bool {
    struct Finder<'v> {
        var: &'v str,
        found: bool,
    }
    impl Visit for Finder<'_> {
        fn visit_ident(&mut self, i: &swc_ecma_ast::Ident) {
            if i.sym == *self.var {
                self.found = true;
            }
        }
        fn visit_member_prop(&mut self, p: &MemberProp) {
            if let MemberProp::Computed(c) = p {
                c.visit_with(self);
            }
        }
    }
    let mut finder = Finder { var, found: false };
    e.visit_with(&mut finder);
    finder.found
}

/// Whether `body` (nested functions included) assigns or updates the name `var`.
fn assigns(body: &Stmt, var: &str) -> bool {
    struct Finder<'v> {
        var: &'v str,
        found: bool,
    }
    impl Finder<'_> {
        fn pat(&mut self, p: &Pat) {
            match p {
                Pat::Ident(i) => self.found |= i.id.sym == *self.var,
                Pat::Array(a) => a.elems.iter().flatten().for_each(|e| self.pat(e)),
                Pat::Object(o) => {
                    for prop in &o.props {
                        match prop {
                            ObjectPatProp::KeyValue(kv) => self.pat(&kv.value),
                            ObjectPatProp::Assign(a) => self.found |= a.key.id.sym == *self.var,
                            ObjectPatProp::Rest(r) => self.pat(&r.arg),
                        }
                    }
                }
                Pat::Rest(r) => self.pat(&r.arg),
                Pat::Assign(a) => self.pat(&a.left),
                Pat::Expr(e) => self.found |= is_ident(e, self.var),
                Pat::Invalid(_) => {}
            }
        }
    }
    impl Visit for Finder<'_> {
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            match &a.left {
                AssignTarget::Simple(SimpleAssignTarget::Ident(i)) => {
                    self.found |= i.id.sym == *self.var;
                }
                AssignTarget::Simple(SimpleAssignTarget::Paren(p)) => {
                    self.found |= is_ident(&p.expr, self.var);
                }
                AssignTarget::Pat(AssignTargetPat::Array(a)) => {
                    a.elems.iter().flatten().for_each(|e| self.pat(e));
                }
                AssignTarget::Pat(AssignTargetPat::Object(o)) => {
                    self.pat(&Pat::Object(o.clone()));
                }
                _ => {}
            }
            a.visit_children_with(self);
        }
        fn visit_update_expr(&mut self, u: &UpdateExpr) {
            self.found |= is_ident(&u.arg, self.var);
            u.visit_children_with(self);
        }
    }
    let mut finder = Finder { var, found: false };
    body.visit_with(&mut finder);
    finder.found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;
    use crate::{Language, SourceKind};

    fn args(src: &str) -> Option<String> {
        let parsed = parse(src, Language::Javascript, SourceKind::Script).expect("parses");
        let stmt = match &parsed.program {
            swc_ecma_ast::Program::Script(s) => s.body.first().cloned(),
            swc_ecma_ast::Program::Module(m) => m.body.first().and_then(|i| i.clone().stmt()),
        };
        match stmt {
            Some(Stmt::For(f)) => counting_args(&f),
            _ => None,
        }
    }

    #[test]
    fn counting_loops_give_their_bound_read_without_program_code() {
        assert_eq!(
            args("for (let j = 0; j < n - 1 - i; j++) { a[j] = a[j + 1]; }").as_deref(),
            Some("j, ((__as.num(n) - 1) - __as.num(i)), 1, 0")
        );
        assert_eq!(
            args("for (let i = 10; 0 <= i; i -= 2) {}").as_deref(),
            Some("i, 0, -2, 1")
        );
        assert_eq!(
            args("for (let c = 0; c < grid[0].length; c = c + 1) {}").as_deref(),
            Some("c, __as.num(grid, 0, \"length\"), 1, 0")
        );
        assert_eq!(
            args("for (let k = 0; k < this.items[\"size\"]; ++k) {}").as_deref(),
            Some("k, __as.num(this, \"items\", \"size\"), 1, 0")
        );
    }

    #[test]
    fn loops_whose_length_cannot_be_known_give_none() {
        for src in [
            "for (let i = 0; i < n; i++) { i += 2; }",
            "for (let i = 0; i < n; i++) { [i] = [3]; }",
            "for (let i = 0; i < n; i++) { ({ i } = o); }",
            "for (let i = 0; i < n; i++) { const f = () => i--; }",
            "for (let i = 0; i < n; i--) {}",
            "for (let i = 0; i > n; i++) {}",
            "for (let i = 0; i < f(n); i++) {}",
            "for (let i = 0; i * i < n; i++) {}",
            "for (let i = 0; i !== n; i++) {}",
            "for (let i = 0; i < n; i += k) {}",
            "for (let i = 0; i < this.#n; i++) {}",
            "for (let i = 0; i < n;) {}",
            "for (;;) {}",
        ] {
            assert_eq!(args(src), None, "{src}");
        }
    }

    #[test]
    fn element_writes_do_not_count_as_assigning_the_counter() {
        assert!(
            args("for (let j = 0; j < n; j++) { [a[j], a[j + 1]] = [a[j + 1], a[j]]; }").is_some()
        );
        assert!(args("for (let j = 0; j < n; j++) { a[j]++; }").is_some());
    }
}
