//! Putting the page together: the HTML template with the style sheet, the script and the data
//! written into it, each escaped for where it goes.

pub use algoscope_viewer::{PAGE_CSS, PAGE_HTML, PAGE_JS};

/// Replaces each `{{name}}` in `template` by its value from `values`, in one pass over the
/// template, so text inside a value is never read as a marker. A marker with no value is
/// left as it is.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let extra: usize = values.iter().map(|(_, v)| v.len()).sum();
    let mut out = String::with_capacity(template.len() + extra);
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let value = after.find("}}").and_then(|close| {
            let name = &after[..close];
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v, close))
        });
        match value {
            Some((v, close)) => {
                out.push_str(v);
                rest = &after[close + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Text escaped for HTML element content and double-quoted attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// JSON text made safe inside a `<script type="application/json">` element: `<`, `>`, `&`
/// and the line separators U+2028/U+2029 written as `\u` escapes (the same JSON value), so
/// no string in it can end the element or open a comment.
pub fn escape_script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            _ => out.push(c),
        }
    }
    out
}

/// `text` gzip-compressed and base64-encoded, for the page's data element: the characters
/// `A-Z a-z 0-9 + / =` only, so nothing in it can end the element or be read as markup, and
/// the page's pictures of a long run (mostly repeated coordinates) shrink about sevenfold.
/// The player decodes it with `atob` and the browser's `DecompressionStream("gzip")`.
///
/// # Errors
/// Only if writing into memory fails, which the compressor reports as an I/O error.
pub fn gzip_base64(text: &str) -> std::io::Result<String> {
    use base64::Engine as _;
    use std::io::Write as _;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text.as_bytes())?;
    let bytes = gz.finish()?;
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_reads_markers_only_in_the_template() {
        let page = fill(
            "<p>{{a}}</p>{{b}}{{missing}}",
            &[("a", "{{b}}"), ("b", "x")],
        );
        assert_eq!(page, "<p>{{b}}</p>x{{missing}}");
    }

    #[test]
    fn script_json_keeps_its_value_and_cannot_end_the_element() {
        let json = "{\"title\":\"</script><!-- a&b \u{2028}\"}";
        let escaped = escape_script_json(json);
        assert!(!escaped.contains('<') && !escaped.contains('&') && !escaped.contains('\u{2028}'));
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(
            back,
            serde_json::from_str::<serde_json::Value>(json).unwrap()
        );
    }

    #[test]
    fn gzip_base64_round_trips() {
        use base64::Engine as _;
        use std::io::Read as _;
        let text = "</script><!-- & \u{2028} 😀".repeat(50);
        let packed = gzip_base64(&text).unwrap();
        assert!(packed
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+/=".contains(c)));
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(&packed)
            .unwrap();
        let mut back = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, text);
        assert!(packed.len() < text.len() / 4);
    }

    #[test]
    fn assets_cannot_end_their_own_elements() {
        let js = PAGE_JS.to_ascii_lowercase();
        assert!(!js.contains("<script") && !js.contains("</script") && !js.contains("<!--"));
        assert!(!PAGE_CSS.to_ascii_lowercase().contains("</style"));
    }
}
