//! Which names a scope declares: parameters, hoisted `var`s, block-level `let`/`const`/
//! `class`/`function` declarations and imports, in source order.

use swc_common::BytePos;
use swc_ecma_ast::{
    Decl, ForHead, ImportSpecifier, ModuleDecl, ModuleItem, ObjectPatProp, Pat, Stmt, VarDecl,
    VarDeclKind, VarDeclOrExpr,
};

/// Binding names of a pattern, in order (`{a, b: [c, ...d] = x}` gives a, c, d).
pub(crate) fn pat_names(pat: &Pat, out: &mut Vec<(BytePos, String)>) {
    match pat {
        Pat::Ident(b) => out.push((b.id.span.lo, b.id.sym.to_string())),
        Pat::Array(a) => {
            for p in a.elems.iter().flatten() {
                pat_names(p, out);
            }
        }
        Pat::Object(o) => {
            for prop in &o.props {
                match prop {
                    ObjectPatProp::KeyValue(kv) => pat_names(&kv.value, out),
                    ObjectPatProp::Assign(a) => {
                        out.push((a.key.id.span.lo, a.key.id.sym.to_string()))
                    }
                    ObjectPatProp::Rest(r) => pat_names(&r.arg, out),
                }
            }
        }
        Pat::Rest(r) => pat_names(&r.arg, out),
        Pat::Assign(a) => pat_names(&a.left, out),
        Pat::Expr(_) | Pat::Invalid(_) => {}
    }
}

fn var_decl_names(decl: &VarDecl, out: &mut Vec<(BytePos, String)>) {
    for d in &decl.decls {
        pat_names(&d.name, out);
    }
}

/// `let`, `const`, `class` and `function` declarations directly in a statement list.
pub(crate) fn lexical_names<'a>(
    stmts: impl IntoIterator<Item = &'a Stmt>,
) -> Vec<(BytePos, String)> {
    let mut out = Vec::new();
    for stmt in stmts {
        if let Stmt::Decl(decl) = stmt {
            decl_lexical(decl, &mut out);
        }
    }
    out
}

fn decl_lexical(decl: &Decl, out: &mut Vec<(BytePos, String)>) {
    match decl {
        Decl::Var(v) if v.kind != VarDeclKind::Var => var_decl_names(v, out),
        Decl::Using(u) => {
            for d in &u.decls {
                pat_names(&d.name, out);
            }
        }
        Decl::Class(c) => out.push((c.ident.span.lo, c.ident.sym.to_string())),
        Decl::Fn(f) => out.push((f.ident.span.lo, f.ident.sym.to_string())),
        _ => {}
    }
}

/// Lexical declarations and imports at the top of a module or script.
pub(crate) fn module_lexical_names(items: &[ModuleItem]) -> Vec<(BytePos, String)> {
    let mut out = Vec::new();
    for item in items {
        match item {
            ModuleItem::Stmt(Stmt::Decl(decl)) => decl_lexical(decl, &mut out),
            ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(e)) => decl_lexical(&e.decl, &mut out),
            ModuleItem::ModuleDecl(ModuleDecl::Import(import)) => {
                for s in &import.specifiers {
                    let local = match s {
                        ImportSpecifier::Named(n) => &n.local,
                        ImportSpecifier::Default(d) => &d.local,
                        ImportSpecifier::Namespace(n) => &n.local,
                    };
                    out.push((local.span.lo, local.sym.to_string()));
                }
            }
            ModuleItem::ModuleDecl(ModuleDecl::ExportDefaultDecl(d)) => {
                if let swc_ecma_ast::DefaultDecl::Fn(f) = &d.decl {
                    if let Some(id) = &f.ident {
                        out.push((id.span.lo, id.sym.to_string()));
                    }
                }
                if let swc_ecma_ast::DefaultDecl::Class(c) = &d.decl {
                    if let Some(id) = &c.ident {
                        out.push((id.span.lo, id.sym.to_string()));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// `var` declarations anywhere in these statements, not inside nested functions or classes.
pub(crate) fn var_names<'a>(
    stmts: impl IntoIterator<Item = &'a Stmt>,
    out: &mut Vec<(BytePos, String)>,
) {
    for stmt in stmts {
        var_names_stmt(stmt, out);
    }
}

/// `var` declarations at the top of a module, and inside its statements.
pub(crate) fn module_var_names(items: &[ModuleItem], out: &mut Vec<(BytePos, String)>) {
    for item in items {
        match item {
            ModuleItem::Stmt(s) => var_names_stmt(s, out),
            ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(e)) => {
                if let Decl::Var(v) = &e.decl {
                    if v.kind == VarDeclKind::Var {
                        var_decl_names(v, out);
                    }
                }
            }
            _ => {}
        }
    }
}

fn var_names_stmt(stmt: &Stmt, out: &mut Vec<(BytePos, String)>) {
    match stmt {
        Stmt::Decl(Decl::Var(v)) if v.kind == VarDeclKind::Var => var_decl_names(v, out),
        Stmt::Block(b) => var_names(&b.stmts, out),
        Stmt::If(i) => {
            var_names_stmt(&i.cons, out);
            if let Some(alt) = &i.alt {
                var_names_stmt(alt, out);
            }
        }
        Stmt::For(f) => {
            if let Some(VarDeclOrExpr::VarDecl(v)) = &f.init {
                if v.kind == VarDeclKind::Var {
                    var_decl_names(v, out);
                }
            }
            var_names_stmt(&f.body, out);
        }
        Stmt::ForIn(f) => {
            for_head_var(&f.left, out);
            var_names_stmt(&f.body, out);
        }
        Stmt::ForOf(f) => {
            for_head_var(&f.left, out);
            var_names_stmt(&f.body, out);
        }
        Stmt::While(w) => var_names_stmt(&w.body, out),
        Stmt::DoWhile(w) => var_names_stmt(&w.body, out),
        Stmt::Labeled(l) => var_names_stmt(&l.body, out),
        Stmt::With(w) => var_names_stmt(&w.body, out),
        Stmt::Try(t) => {
            var_names(&t.block.stmts, out);
            if let Some(h) = &t.handler {
                var_names(&h.body.stmts, out);
            }
            if let Some(f) = &t.finalizer {
                var_names(&f.stmts, out);
            }
        }
        Stmt::Switch(s) => {
            for case in &s.cases {
                var_names(&case.cons, out);
            }
        }
        _ => {}
    }
}

fn for_head_var(head: &ForHead, out: &mut Vec<(BytePos, String)>) {
    if let ForHead::VarDecl(v) = head {
        if v.kind == VarDeclKind::Var {
            var_decl_names(v, out);
        }
    }
}

/// Names declared by a `for` head with `let`/`const` (per-iteration bindings).
pub(crate) fn for_head_lexical(head: &ForHead) -> Vec<(BytePos, String)> {
    let mut out = Vec::new();
    match head {
        ForHead::VarDecl(v) if v.kind != VarDeclKind::Var => var_decl_names(v, &mut out),
        ForHead::UsingDecl(u) => {
            for d in &u.decls {
                pat_names(&d.name, &mut out);
            }
        }
        _ => {}
    }
    out
}

/// Names declared by a counted `for` loop's `let`/`const` initialiser.
pub(crate) fn for_init_lexical(init: Option<&VarDeclOrExpr>) -> Vec<(BytePos, String)> {
    let mut out = Vec::new();
    if let Some(VarDeclOrExpr::VarDecl(v)) = init {
        if v.kind != VarDeclKind::Var {
            var_decl_names(v, &mut out);
        }
    }
    out
}

/// Sorted by position, each name once (the first declaration wins).
pub(crate) fn in_order(mut names: Vec<(BytePos, String)>) -> Vec<String> {
    names.sort_by_key(|(pos, _)| *pos);
    let mut out: Vec<String> = Vec::with_capacity(names.len());
    for (_, name) in names {
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}
