//! The drawing model: a tree of marks (group, rect, text, path, circle) with classes and
//! attributes, serialised to SVG by [`Drawing::to_svg`].

use std::borrow::Cow;
use std::fmt::Write;

use serde::{Deserialize, Serialize};

/// The SVG element a mark stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tag {
    /// `<g>`: holds other marks.
    Group,
    /// `<rect>`.
    Rect,
    /// `<text>`: its `text` is the content.
    Text,
    /// `<path>`.
    Path,
    /// `<circle>`.
    Circle,
    /// `<title>`: a tooltip for its parent; its `text` is the content.
    Title,
}

impl Tag {
    fn name(self) -> &'static str {
        match self {
            Tag::Group => "g",
            Tag::Rect => "rect",
            Tag::Text => "text",
            Tag::Path => "path",
            Tag::Circle => "circle",
            Tag::Title => "title",
        }
    }
}

/// One element of a drawing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mark {
    /// Which element.
    pub tag: Tag,
    /// CSS classes, single-space separated, written first as `class="…"` (one string, so a
    /// mark costs one allocation for its classes).
    pub classes: String,
    /// Other attributes in writing order (numbers already formatted).
    pub attrs: Vec<(Cow<'static, str>, String)>,
    /// Text content (for `Text` and `Title`).
    pub text: Option<String>,
    /// Child marks (for `Group`, and a `Title` inside any mark).
    pub children: Vec<Mark>,
}

/// `classes` with runs of whitespace made single spaces and no space at either end.
fn normalize_classes(classes: &str) -> String {
    let tidy = !classes.starts_with(' ')
        && !classes.ends_with(' ')
        && !classes.contains("  ")
        && !classes.contains(|c: char| c.is_whitespace() && c != ' ');
    if tidy {
        return classes.to_string();
    }
    classes.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Mark {
    /// A mark of `tag` with space-separated `classes`.
    pub fn new(tag: Tag, classes: &str) -> Self {
        Mark {
            tag,
            classes: normalize_classes(classes),
            attrs: Vec::with_capacity(4),
            text: None,
            children: Vec::new(),
        }
    }

    /// A group.
    pub fn group(classes: &str) -> Self {
        Mark::new(Tag::Group, classes)
    }

    /// A rectangle at `(x, y)` of size `w × h` (px).
    pub fn rect(classes: &str, x: f64, y: f64, w: f64, h: f64) -> Self {
        Mark::new(Tag::Rect, classes)
            .num("x", x)
            .num("y", y)
            .num("width", w)
            .num("height", h)
    }

    /// A text whose anchor point is `(x, y)`.
    pub fn text(classes: &str, x: f64, y: f64, text: impl Into<String>) -> Self {
        let mut m = Mark::new(Tag::Text, classes).num("x", x).num("y", y);
        m.text = Some(text.into());
        m
    }

    /// A circle of radius `r` at `(x, y)`.
    pub fn circle(classes: &str, x: f64, y: f64, r: f64) -> Self {
        Mark::new(Tag::Circle, classes)
            .num("cx", x)
            .num("cy", y)
            .num("r", r)
    }

    /// A path with data `d`.
    pub fn path(classes: &str, d: String) -> Self {
        Mark::new(Tag::Path, classes).attr("d", d)
    }

    /// Adds an attribute.
    pub fn attr(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.attrs.push((Cow::Borrowed(name), value.into()));
        self
    }

    /// Adds a numeric attribute, formatted with [`fmt_num`].
    pub fn num(self, name: &'static str, value: f64) -> Self {
        self.attr(name, fmt_num(value))
    }

    /// Adds a class.
    pub fn class(mut self, class: &str) -> Self {
        if !class.is_empty() && !self.classes.split(' ').any(|c| c == class) {
            if !self.classes.is_empty() {
                self.classes.push(' ');
            }
            self.classes.push_str(class);
        }
        self
    }

    /// Adds a class when `on`.
    pub fn class_if(self, class: &str, on: bool) -> Self {
        if on {
            self.class(class)
        } else {
            self
        }
    }

    /// Appends a child.
    pub fn child(mut self, child: Mark) -> Self {
        self.children.push(child);
        self
    }

    /// Appends a tooltip.
    pub fn title(self, text: impl Into<String>) -> Self {
        let mut t = Mark::new(Tag::Title, "");
        t.text = Some(text.into());
        self.child(t)
    }

    fn write(&self, out: &mut String, indent: usize) {
        for _ in 0..indent {
            out.push(' ');
        }
        out.push('<');
        out.push_str(self.tag.name());
        if !self.classes.is_empty() {
            out.push_str(" class=\"");
            escape_into(out, &self.classes);
            out.push('"');
        }
        for (name, value) in &self.attrs {
            out.push(' ');
            out.push_str(name);
            out.push_str("=\"");
            escape_into(out, value);
            out.push('"');
        }
        let text = self.text.as_deref().unwrap_or("");
        if self.children.is_empty() && text.is_empty() {
            out.push_str("/>\n");
            return;
        }
        out.push('>');
        escape_into(out, text);
        if self.children.is_empty() {
            let _ = writeln!(out, "</{}>", self.tag.name());
            return;
        }
        out.push('\n');
        for child in &self.children {
            child.write(out, indent + 1);
        }
        for _ in 0..indent {
            out.push(' ');
        }
        let _ = writeln!(out, "</{}>", self.tag.name());
    }
}

/// A finished drawing: marks in user units (px) and the view box that holds them all.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drawing {
    /// Width of the view box (px).
    pub width: f64,
    /// Height of the view box (px).
    pub height: f64,
    /// Classes of the root `<svg>` (`algoscope-memory`, `nested`, `has-output`;
    /// `algoscope-loops` for a loop history).
    pub classes: Vec<String>,
    /// Top-level marks, back to front.
    pub marks: Vec<Mark>,
}

/// The stylesheet embedded in every SVG: colours and line widths are CSS custom properties.
pub const STYLESHEET: &str = include_str!("style.css");

/// The loop history's extra rules, embedded after [`STYLESHEET`] in a drawing whose root has
/// the class `algoscope-loops` (see `loop_view`).
pub const LOOP_STYLESHEET: &str = include_str!("loop_view/style.css");

impl Drawing {
    /// The drawing as a standalone SVG document (UTF-8 text). Deterministic: the same drawing
    /// always gives the same bytes.
    pub fn to_svg(&self) -> String {
        let mut out = String::with_capacity(4096);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{}\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">",
            escape(&self.classes.join(" ")),
            fmt_num(self.width),
            fmt_num(self.height),
            fmt_num(self.width),
            fmt_num(self.height)
        );
        out.push_str("<style>\n");
        out.push_str(STYLESHEET);
        if self.classes.iter().any(|c| c == "algoscope-loops") {
            out.push_str(LOOP_STYLESHEET);
        }
        out.push_str("</style>\n");
        out.push_str(
            "<defs><marker id=\"algoscope-arrowhead\" class=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\" markerUnits=\"userSpaceOnUse\"><path d=\"M0,1 L10,5 L0,9 z\"/></marker></defs>\n",
        );
        out.push_str("<rect class=\"paper\" x=\"0\" y=\"0\" width=\"100%\" height=\"100%\"/>\n");
        for mark in &self.marks {
            mark.write(&mut out, 0);
        }
        out.push_str("</svg>\n");
        out
    }
}

/// A number in user units with at most two decimals and no trailing zeros (`12`, `3.5`,
/// `-0.25`), so output is byte-stable.
pub fn fmt_num(v: f64) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    // Rounded half away from zero, like `f64::round`, without the libm call: below 2^53 the
    // truncated value and the remainder are exact.
    let scaled = (v * 100.0).clamp(-9.0e15, 9.0e15);
    let whole = scaled as i64;
    let rest = scaled - whole as f64;
    let hundredths = if rest >= 0.5 {
        whole + 1
    } else if rest <= -0.5 {
        whole - 1
    } else {
        whole
    };
    let abs = hundredths.unsigned_abs();
    let (int, frac) = (abs / 100, abs % 100);
    // Digits by hand (no `core::fmt`): integer part, then one or two decimals without
    // trailing zeros.
    let mut buf = [0u8; 24];
    let mut at = buf.len();
    let mut push = |d: u8| {
        at -= 1;
        buf[at] = d;
    };
    if frac != 0 {
        if frac % 10 == 0 {
            push(b'0' + (frac / 10) as u8);
        } else {
            push(b'0' + (frac % 10) as u8);
            push(b'0' + (frac / 10) as u8);
        }
        push(b'.');
    }
    let mut n = int;
    loop {
        push(b'0' + (n % 10) as u8);
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if hundredths < 0 {
        push(b'-');
    }
    let digits = &buf[at..];
    std::str::from_utf8(digits).unwrap_or("0").to_string()
}

/// Escapes text for an XML attribute or text node.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

fn escape_into(out: &mut String, text: &str) {
    // Most text needs no escaping: copy it whole.
    if !text
        .bytes()
        .any(|b| b < 0x20 || matches!(b, b'&' | b'<' | b'>' | b'"' | b'\''))
    {
        out.push_str(text);
        return;
    }
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fmt_num;
    use proptest::prelude::*;

    /// The plain formulation: `f64::round` of hundredths, then `format!`.
    fn reference(v: f64) -> String {
        let v = if v.is_finite() { v } else { 0.0 };
        let h = (v * 100.0).round().clamp(-9.0e15, 9.0e15) as i64;
        let (int, frac) = (h.unsigned_abs() / 100, h.unsigned_abs() % 100);
        let sign = if h < 0 { "-" } else { "" };
        match frac {
            0 => format!("{sign}{int}"),
            f if f % 10 == 0 => format!("{sign}{int}.{}", f / 10),
            f => format!("{sign}{int}.{f:02}"),
        }
    }

    #[test]
    fn halves_and_edges_match_the_reference() {
        for v in [
            0.0,
            -0.0,
            0.005,
            -0.005,
            0.015,
            2.675,
            -2.675,
            12.5,
            0.125,
            -0.125,
            1e20,
            -1e20,
            f64::NAN,
            f64::INFINITY,
            9.0e13,
            -0.004,
            0.995,
        ] {
            assert_eq!(fmt_num(v), reference(v), "{v}");
        }
    }

    proptest! {
        #[test]
        fn matches_the_reference(v in -1.0e6f64..1.0e6, k in -2000i64..2000) {
            prop_assert_eq!(fmt_num(v), reference(v));
            let half = k as f64 / 200.0;
            prop_assert_eq!(fmt_num(half), reference(half));
        }
    }
}
