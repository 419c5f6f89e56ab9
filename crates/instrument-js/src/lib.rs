//! Instrumentation and static analysis of JavaScript and TypeScript for algoscope.
//!
//! JavaScript has no tracing hook, so the program is rewritten to report on itself: before
//! each statement a call to the recorder (`runtimes/js`, the global `__as`) with the line and
//! a getter for every visible name; frame enter/exit around every function body; loop
//! enter/pass/end-of-pass/exit; return values; exceptions in every frame they pass through;
//! `yield`/`await` and the resume after them; closures registered with getters for what they
//! capture. Names the rewrite adds start with `__as`. Only text is inserted, so every
//! original token keeps its line and column.
//!
//! TypeScript is first turned into JavaScript with swc's own TypeScript transform; each
//! statement still reports its TypeScript line, and code the transform makes up (enum and
//! namespace helpers, parameter-property assignments) runs without steps or frames.
//!
//! The same pass gives the analysis the pictures need, as for Python: loops (`L<line>`),
//! index names, grid accesses and `viz:` hints. Syntax errors come back with line and column.
//!
//! # Example
//!
//! ```
//! use algoscope_instrument_js::{instrument, InstrumentOptions, Language};
//!
//! let source = "let total = 0;\nfor (const x of [5, 6]) {\n  total += x;\n}\n";
//! let out = instrument(source, &InstrumentOptions::default()).unwrap();
//! assert!(out.code.contains("__as.line(__asf, 1,"));
//! assert_eq!(out.analysis.loops[0].id, "L2");
//! assert!(!out.module);
//!
//! let ts = instrument(
//!     "interface P { x: number }\nconst p: P = { x: 1 };\n",
//!     &InstrumentOptions { language: Language::Typescript, ..Default::default() },
//! )
//! .unwrap();
//! assert!(ts.code.contains("__as.line(__asf, 2,"));
//! assert!(!ts.code.contains("interface"));
//!
//! let module = instrument("\nimport { f } from './f.js';\nf();\n", &InstrumentOptions::default())
//!     .unwrap();
//! assert!(module.module);
//! assert_eq!((module.imports[0].specifier.as_str(), module.imports[0].line), ("./f.js", 2));
//! ```

mod analysis;
mod cost;
mod edits;
mod imports;
mod lines;
mod parse;
mod reserved;
mod scope;
mod sizing;
mod strip;
mod transform;

pub use algoscope_trace_format::{Analysis, Language, SyntaxError};
pub use imports::ImportRef;
use serde::{Deserialize, Serialize};

use crate::lines::LineIndex;
use crate::transform::LineMap;

/// Whether the program is a classic script or an ES module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// A module when it has `import` or `export`, a script otherwise.
    #[default]
    Auto,
    /// Always a script.
    Script,
    /// Always a module.
    Module,
}

/// Options of [`instrument`] and [`analyze`]. `Default`: JavaScript, script or module by
/// its content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstrumentOptions {
    /// The language of the source: [`Language::Javascript`] (ES2024 and the proposals swc
    /// parses by default) or [`Language::Typescript`] (types are stripped before
    /// instrumenting); [`Language::Python`] is refused with [`InstrumentError::Language`].
    pub language: Language,
    /// Script or module.
    pub source_kind: SourceKind,
}

impl Default for InstrumentOptions {
    fn default() -> Self {
        InstrumentOptions {
            language: Language::Javascript,
            source_kind: SourceKind::Auto,
        }
    }
}

/// Why a program could not be instrumented.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstrumentError {
    /// The source does not parse, or names something with the reserved prefix `__as`; every
    /// error found, in order (at least one).
    #[error("{}:{}: {}", .errors.first().map_or(0, |e| e.line), .errors.first().map_or(0, |e| e.column), .errors.first().map_or("syntax error", |e| e.message.as_str()))]
    Syntax {
        /// Every syntax error, by position.
        errors: Vec<SyntaxError>,
    },
    /// The options name a language that is not JavaScript or TypeScript.
    #[error("{0} is not JavaScript or TypeScript")]
    Language(Language),
}

/// An instrumented program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instrumented {
    /// JavaScript that calls the recorder `__as` (a global the runner provides). Its first
    /// statement is `__as.meta({...})` (functions, getter scopes and loops by index).
    pub code: String,
    /// True when the program is an ES module (run it as one), false for a script.
    pub module: bool,
    /// For TypeScript, the plain JavaScript it compiles to (what `node` would run); `None`
    /// for JavaScript.
    pub javascript: Option<String>,
    /// Loops, index names, grid accesses and hints, with lines of the original source.
    pub analysis: Analysis,
    /// The modules a module program imports or re-exports from statically, in source order
    /// (empty for a script), with lines of the original source.
    pub imports: Vec<ImportRef>,
}

/// Instruments `source` for the recorder and analyses it.
///
/// # Errors
///
/// [`InstrumentError::Syntax`] with every syntax error when the source does not parse, or
/// with every name that starts with `__as` (reserved for the rewrite) when it does.
pub fn instrument(
    source: &str,
    options: &InstrumentOptions,
) -> Result<Instrumented, InstrumentError> {
    if !options.language.is_javascript_family() {
        return Err(InstrumentError::Language(options.language));
    }
    let parsed = parse::parse(source, options.language, options.source_kind)
        .map_err(|errors| InstrumentError::Syntax { errors })?;
    let reserved = reserved::check(&parsed, source);
    if !reserved.is_empty() {
        return Err(InstrumentError::Syntax { errors: reserved });
    }
    let analysis = analysis::analyze(&parsed, source);
    let imports = imports::imports(&parsed, source);
    let module = matches!(parsed.program, swc_ecma_ast::Program::Module(_));
    match options.language {
        Language::Python | Language::Javascript => {
            let lines = LineMap::Direct(LineIndex::new(source));
            let code = transform::instrument_text(&parsed.program, source, parsed.start, &lines);
            Ok(Instrumented {
                code,
                module,
                javascript: None,
                analysis,
                imports,
            })
        }
        Language::Typescript => {
            let stripped = strip::strip(parsed, source);
            let kind = if module {
                SourceKind::Module
            } else {
                SourceKind::Script
            };
            let js = parse::parse(&stripped.code, Language::Javascript, kind)
                .map_err(|errors| InstrumentError::Syntax { errors })?;
            let lines = LineMap::Mapped {
                index: LineIndex::new(&stripped.code),
                text: &stripped.code,
                origin: &stripped.origin,
                namespaces: &stripped.namespaces,
            };
            let code = transform::instrument_text(&js.program, &stripped.code, js.start, &lines);
            Ok(Instrumented {
                code,
                module,
                javascript: Some(stripped.code),
                analysis,
                imports,
            })
        }
    }
}

/// Only the analysis of `source` (no rewrite): loops, index names, grid accesses, hints, and
/// every syntax error in [`Analysis::syntax_errors`] (the other fields are then empty: swc
/// does not recover). A Python `language` gives an analysis with one syntax error saying so.
///
/// # Example
///
/// ```
/// use algoscope_instrument_js::{analyze, InstrumentOptions};
///
/// let source = "// viz: grid dp\nconst dp = [[1]];\nlet i = 0, j = 0;\ndp[i][j] = 2;\n";
/// let analysis = analyze(source, &InstrumentOptions::default());
/// assert_eq!(analysis.index_names["dp"], ["i"]);
/// assert_eq!(analysis.index_names["dp[]"], ["j"]);
/// assert_eq!(analysis.grid_accesses[0].row, "i");
/// assert_eq!(analysis.hints[0].text, "grid dp");
///
/// let broken = analyze("function (\n", &InstrumentOptions::default());
/// assert_eq!(broken.syntax_errors[0].line, 1);
/// ```
pub fn analyze(source: &str, options: &InstrumentOptions) -> Analysis {
    if !options.language.is_javascript_family() {
        return Analysis {
            syntax_errors: vec![SyntaxError {
                line: 1,
                column: 1,
                message: InstrumentError::Language(options.language).to_string(),
            }],
            ..Analysis::default()
        };
    }
    match parse::parse(source, options.language, options.source_kind) {
        Ok(parsed) => analysis::analyze(&parsed, source),
        Err(syntax_errors) => Analysis {
            syntax_errors,
            ..Analysis::default()
        },
    }
}
