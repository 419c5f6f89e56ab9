//! Writing an [`Expr`] the textbook way (`O(n²)`, `O(n log n)`, `O(V + E)`, `O(n·m)`,
//! `O(2ⁿ)`, `O(n!)`) and in ASCII for JSON (`O(n^2)`, `O(n*m)`, `O(2^n)`), which
//! [`crate::parse_ascii`] reads back.

use std::fmt;

use crate::expr::{size_rank, Expr, Factor, Milli, Term};

/// The two spellings of an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Superscripts, `·`, `√`: `O(n² log n)`.
    Unicode,
    /// Plain ASCII: `O(n^2 log n)`, `O(n*m)`, `O(n^0.5)`.
    Ascii,
}

impl fmt::Display for Expr {
    /// The textbook form, `O(…)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_expr(self, Style::Unicode))
    }
}

impl Expr {
    /// The ASCII form for JSON: `O(n^2)`, `O(n log n)`, `O(V + E)`, `O(n*m)`.
    pub fn to_ascii(&self) -> String {
        format_expr(self, Style::Ascii)
    }
}

/// Writes `O(…)` in the given style; 0 and the constant are both `O(1)`.
pub fn format_expr(e: &Expr, style: Style) -> String {
    if e.is_constant() {
        return "O(1)".to_string();
    }
    let parts: Vec<String> = e
        .terms
        .iter()
        .filter(|t| !t.is_one())
        .map(|t| format_term(t, style))
        .collect();
    format!("O({})", parts.join(" + "))
}

/// Writes one term without `O(…)`: powers first (`n²·m`), then exponentials and factorials
/// (`n·2ⁿ`), then logs (`E log V`).
pub fn format_term(t: &Term, style: Style) -> String {
    let mut names: Vec<&String> = t.factors.keys().collect();
    names.sort_by_key(|n| size_rank(n));
    let mut main = Vec::new();
    for name in &names {
        let f = t.factor(name);
        if f.poly > 0 {
            main.push(power(name, f.poly, style));
        }
    }
    for name in &names {
        let f = t.factor(name);
        if f.exp > 1 {
            main.push(exponential(f.exp, name, style));
        }
    }
    for name in &names {
        if t.factor(name).factorial {
            main.push(format!("{name}!"));
        }
    }
    let logs: Vec<String> = names
        .iter()
        .filter_map(|name| {
            let l = t.factor(name).log;
            (l > 0).then(|| match (l, style) {
                (1, _) => format!("log {name}"),
                (_, Style::Unicode) => format!("log{} {name}", superscript(&l.to_string())),
                (_, Style::Ascii) => format!("log^{l} {name}"),
            })
        })
        .collect();
    let sep = if style == Style::Unicode { "·" } else { "*" };
    let mut out = main.join(sep);
    for l in logs {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&l);
    }
    if out.is_empty() {
        out.push('1');
    }
    out
}

fn power(name: &str, poly: Milli, style: Style) -> String {
    match (poly, style) {
        (1000, _) => name.to_string(),
        (500, Style::Unicode) => format!("√{name}"),
        (p, Style::Unicode) if p.is_multiple_of(1000) => {
            format!("{name}{}", superscript(&(p / 1000).to_string()))
        }
        (p, Style::Ascii) if p.is_multiple_of(1000) => format!("{name}^{}", p / 1000),
        (p, _) => format!("{name}^{}", milli_text(p)),
    }
}

fn exponential(base: u32, name: &str, style: Style) -> String {
    match style {
        Style::Unicode if name.chars().all(|c| superscript_char(c).is_some()) => {
            format!("{base}{}", superscript(name))
        }
        _ => format!("{base}^{name}"),
    }
}

/// `1585` → `1.585`, `500` → `0.5`.
pub(crate) fn milli_text(p: Milli) -> String {
    let whole = p / 1000;
    let frac = p % 1000;
    if frac == 0 {
        return whole.to_string();
    }
    let s = format!("{whole}.{frac:03}");
    s.trim_end_matches('0').to_string()
}

fn superscript(s: &str) -> String {
    s.chars()
        .map(|c| superscript_char(c).unwrap_or(c))
        .collect()
}

fn superscript_char(c: char) -> Option<char> {
    Some(match c {
        '0' => '⁰',
        '1' => '¹',
        '2' => '²',
        '3' => '³',
        '4' => '⁴',
        '5' => '⁵',
        '6' => '⁶',
        '7' => '⁷',
        '8' => '⁸',
        '9' => '⁹',
        'a' => 'ᵃ',
        'b' => 'ᵇ',
        'c' => 'ᶜ',
        'd' => 'ᵈ',
        'e' => 'ᵉ',
        'h' => 'ʰ',
        'i' => 'ⁱ',
        'j' => 'ʲ',
        'k' => 'ᵏ',
        'm' => 'ᵐ',
        'n' => 'ⁿ',
        'o' => 'ᵒ',
        'p' => 'ᵖ',
        'r' => 'ʳ',
        's' => 'ˢ',
        't' => 'ᵗ',
        'u' => 'ᵘ',
        'v' => 'ᵛ',
        'w' => 'ʷ',
        'x' => 'ˣ',
        'V' => 'ⱽ',
        'E' => 'ᴱ',
        _ => return None,
    })
}

/// `Factor` is formatted through its term; this keeps the type's spelling close at hand.
impl fmt::Display for Factor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_term(&Term::of("n", *self), Style::Unicode))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_forms() {
        let n = Expr::size("n");
        assert_eq!(Expr::power("n", 2).to_string(), "O(n²)");
        assert_eq!(n.mul(&Expr::log("n")).to_string(), "O(n log n)");
        assert_eq!(
            Expr::size("V").add(&Expr::size("E")).to_string(),
            "O(V + E)"
        );
        assert_eq!(Expr::size("m").mul(&n).to_string(), "O(n·m)");
        assert_eq!(Expr::exp(2, "n").to_string(), "O(2ⁿ)");
        assert_eq!(Expr::factorial("n").to_string(), "O(n!)");
        assert_eq!(Expr::one().to_string(), "O(1)");
        assert_eq!(Expr::log("n").to_string(), "O(log n)");
        assert_eq!(
            Expr::size("E").mul(&Expr::log("V")).to_string(),
            "O(E log V)"
        );
        assert_eq!(n.mul(&Expr::exp(2, "n")).to_string(), "O(n·2ⁿ)");
        let sqrt = Expr::from_term(Term::of(
            "n",
            Factor {
                poly: 500,
                ..Factor::default()
            },
        ));
        assert_eq!(sqrt.to_string(), "O(√n)");
        assert_eq!(sqrt.to_ascii(), "O(n^0.5)");
    }

    #[test]
    fn ascii_forms() {
        let n = Expr::size("n");
        assert_eq!(Expr::power("n", 2).to_ascii(), "O(n^2)");
        assert_eq!(n.mul(&Expr::size("m")).to_ascii(), "O(n*m)");
        assert_eq!(Expr::exp(2, "n").to_ascii(), "O(2^n)");
        assert_eq!(
            n.mul(&Expr::log("n")).mul(&Expr::log("n")).to_ascii(),
            "O(n log^2 n)"
        );
        let k = Expr::from_term(Term::of(
            "n",
            Factor {
                poly: 1585,
                ..Factor::default()
            },
        ));
        assert_eq!(k.to_ascii(), "O(n^1.585)");
    }
}
