//! The modules a program imports statically: `import … from 's'`, `import 's'`,
//! `export … from 's'`, with the line and column of each specifier, so a runner can check
//! that relative ones exist before running and name the line of one that does not.

use serde::{Deserialize, Serialize};
use swc_ecma_ast::{ModuleDecl, ModuleItem, Program, Str};

use crate::lines::LineIndex;
use crate::parse::Parsed;

/// One static import or re-export of a module.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportRef {
    /// The module specifier as written (`./util.js`, `node:fs`, `lodash`).
    pub specifier: String,
    /// 1-based line of the specifier's string in the source.
    pub line: u32,
    /// 1-based column (in characters) of the specifier's opening quote.
    pub column: u32,
}

/// Every static import and re-export of a module program, in source order (none for a
/// script).
pub(crate) fn imports(parsed: &Parsed, source: &str) -> Vec<ImportRef> {
    let Program::Module(module) = &parsed.program else {
        return Vec::new();
    };
    let sources: Vec<&Str> = module
        .body
        .iter()
        .filter_map(|item| match item {
            ModuleItem::ModuleDecl(ModuleDecl::Import(i)) if !i.type_only => Some(&*i.src),
            ModuleItem::ModuleDecl(ModuleDecl::ExportNamed(e)) if !e.type_only => e.src.as_deref(),
            ModuleItem::ModuleDecl(ModuleDecl::ExportAll(e)) if !e.type_only => Some(&*e.src),
            _ => None,
        })
        .collect();
    if sources.is_empty() {
        return Vec::new();
    }
    let index = LineIndex::new(source);
    sources
        .into_iter()
        .map(|s| {
            let (line, column) = index.line_col(source, parsed.offset(s.span.lo));
            ImportRef {
                specifier: s.value.to_string_lossy().into_owned(),
                line,
                column,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::{instrument, InstrumentOptions, Language};

    #[test]
    fn imports_and_re_exports_in_order_without_type_only_ones() {
        let source = "import type { T } from './types';\nimport './setup.js';\nexport { a } from \"./a.js\";\nexport * from '../b.js';\nconst x: number = 1;\n";
        let out = instrument(
            source,
            &InstrumentOptions {
                language: Language::Typescript,
                ..Default::default()
            },
        )
        .expect("instruments");
        let found: Vec<(&str, u32, u32)> = out
            .imports
            .iter()
            .map(|i| (i.specifier.as_str(), i.line, i.column))
            .collect();
        assert_eq!(
            found,
            [("./setup.js", 2, 8), ("./a.js", 3, 19), ("../b.js", 4, 15)]
        );
    }

    #[test]
    fn a_script_imports_nothing() {
        let out = instrument("const fs = require('fs');\n", &InstrumentOptions::default())
            .expect("instruments");
        assert!(out.imports.is_empty());
    }
}
