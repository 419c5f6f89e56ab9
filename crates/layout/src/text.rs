//! How values read in cells: the language's own text, elided when long.

use algoscope_trace_format::Value;

/// The text of a value in a cell and the CSS class saying what it is (`str`, `num`, `none`,
/// `bool`, `unreadable`, or empty). References have no text (a dot is drawn).
pub(crate) fn value_text(value: &Value, max_chars: usize) -> (String, &'static str) {
    match value {
        Value::Prim {
            type_name, repr, ..
        } => {
            let class = match type_name.as_str() {
                "str" | "string" => "str",
                "NoneType" | "null" | "undefined" => "none",
                "bool" | "boolean" => "bool",
                "int" | "float" | "number" | "bigint" | "complex" => "num",
                _ => "",
            };
            (elide(repr, max_chars), class)
        }
        Value::Ref { .. } => (String::new(), ""),
        Value::Unreadable { .. } => ("?".to_string(), "unreadable"),
    }
}

/// `text` cut to `max` characters with `…`, keeping a closing quote.
pub(crate) fn elide(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max || max < 4 {
        return text.to_string();
    }
    let last = text.chars().last().unwrap_or(' ');
    let quoted = matches!(last, '\'' | '"' | '`');
    let keep = if quoted { max - 2 } else { max - 1 };
    let mut out: String = text.chars().take(keep).collect();
    out.push('…');
    if quoted {
        out.push(last);
    }
    out
}

/// Width in px of `text` in a monospace font where a character is `char_px` wide.
pub(crate) fn text_px(text: &str, char_px: f64) -> f64 {
    text.chars().count() as f64 * char_px
}
