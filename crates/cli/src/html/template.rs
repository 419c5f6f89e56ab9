//! Putting the page together: the HTML template with the style sheet, the script and the data
//! written into it, each escaped for where it goes.

/// The page skeleton; `{{name}}` marks where [`fill`] writes a value.
pub const PAGE_HTML: &str = include_str!("../../assets/page.html");
/// The page's style sheet, inlined into a `<style>` element.
pub const PAGE_CSS: &str = include_str!("../../assets/page.css");
/// The player, inlined into a `<script>` element.
pub const PAGE_JS: &str = include_str!("../../assets/page.js");

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

/// JSON text made safe inside `<script type="application/json">`: `<`, `>` and `&` (which
/// can only occur inside JSON strings) become `\u003c`, `\u003e`, `\u0026`, so no `</script>`
/// or `<!--` can appear, and `JSON.parse` still reads the same value. U+2028 and U+2029 are
/// escaped too, for tools that read the data as a JavaScript literal.
pub fn script_safe_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + json.len() / 16);
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
    fn script_safe_json_round_trips() {
        let text = "</script><!-- & \u{2028}";
        let json = serde_json::to_string(text).unwrap();
        let safe = script_safe_json(&json);
        assert!(!safe.contains('<') && !safe.contains('&'));
        assert_eq!(serde_json::from_str::<String>(&safe).unwrap(), text);
    }

    #[test]
    fn assets_cannot_end_their_own_elements() {
        let js = PAGE_JS.to_ascii_lowercase();
        assert!(!js.contains("<script") && !js.contains("</script") && !js.contains("<!--"));
        assert!(!PAGE_CSS.to_ascii_lowercase().contains("</style"));
    }
}
