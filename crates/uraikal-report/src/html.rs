//! The HTML of a report: tables, inline SVG bar charts with confidence-interval whiskers, aligned words.
//!
//! ```
//! let html = uraikal_report::render(&uraikal_report::Input::default(), "Empty");
//! assert!(html.starts_with("<!doctype html>") && html.contains("No A1 results"));
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use uraikal_metrics::lattice::Lattice;
use uraikal_metrics::{a1, jiwer};

use crate::input::{Alignments, Comparison, D4Example, D4Row, Input, PairedRate, SliceResult, Utterance};

/// How many confusions of each kind, and how many worst utterances, a system's error analysis lists.
const TOP: usize = 15;
const WORST: usize = 8;

const STYLE: &str = r#"
body { font-family: "Noto Sans Tamil", "Lohit Tamil", "Latha", "Nirmala UI", "Tamil Sangam MN", "Tamil MN", sans-serif; max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem; color: #1b1b1b; line-height: 1.45; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: right; vertical-align: top; }
th:first-child, td:first-child, td.text { text-align: left; }
thead th { background: #f2f2f2; }
td.ci { color: #555; font-size: 0.85em; }
figure { display: inline-block; margin: 0.5rem 1rem 1rem 0; }
figcaption { font-weight: 600; }
.charts { display: flex; flex-wrap: wrap; }
.eq { background: #e8f5e9; } .sub { background: #fff3c4; } .del { background: #fde0e0; } .ins { background: #dde9ff; }
.aligned span { padding: 0 0.15rem; border-radius: 3px; }
.legend span { padding: 0 0.3rem; border-radius: 3px; }
.note { color: #555; font-size: 0.9em; }
.pieces span { background: #eef3fb; padding: 0 0.1rem; } .pieces b { color: #c0392b; padding: 0 0.1rem; }
td.better { background: #d7f0d9; } td.worse { background: #f8d7d7; } td.same { color: #555; }
"#;

/// The whole report as one HTML document (no script, no external reference).
pub fn render(input: &Input, title: &str) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        esc(title),
        esc(title)
    );
    leaderboard(&mut h, &input.results);
    if !input.comparisons.is_empty() {
        significance(&mut h, &input.comparisons, &systems(&input.results));
    }
    for alignments in &input.alignments {
        error_analysis(&mut h, alignments, &input.lattices);
    }
    if !input.d4.is_empty() {
        d4(&mut h, &input.d4);
    }
    if !input.d4_examples.is_empty() {
        d4_examples(&mut h, &input.d4_examples);
    }
    h.push_str("<p class=\"note\">Made by <code>uraikal report</code>: every rate is read from the result files; confusions are counted from the alignment files.</p>\n</body>\n</html>\n");
    h
}

/// Every chart of the report as a standalone SVG document with a file stem for it: `slice-NAME` per slice of
/// the leaderboard, `d4-tokens-per-word`. The report inlines these same SVGs; `--png` renders them.
pub fn charts(input: &Input) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let systems = systems(&input.results);
    for slice in slices(&input.results) {
        let rows: Vec<&SliceResult> =
            systems.iter().filter_map(|s| input.results.iter().find(|r| &r.system == s && r.slice == slice)).collect();
        out.push((format!("slice-{}", file_stem(&slice)), standalone(slice_chart(&slice, &rows))));
    }
    if !input.d4.is_empty() {
        out.push(("d4-tokens-per-word".to_string(), standalone(d4_chart(&input.d4))));
    }
    out
}

/// An inline chart as an SVG document of its own (the namespace, which HTML does not need).
fn standalone(svg: String) -> String {
    svg.replacen("<svg ", "<svg xmlns=\"http://www.w3.org/2000/svg\" ", 1)
}

/// A slice name as a file stem: letters, digits, `-` and `_` kept (Tamil included), anything else `_`.
fn file_stem(name: &str) -> String {
    let stem: String =
        name.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    if stem.is_empty() {
        "_".into()
    } else {
        stem
    }
}

fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn pct(x: Option<f64>) -> String {
    x.map_or("–".to_string(), |x| format!("{:.2}", 100.0 * x))
}

fn ci(x: Option<(f64, f64)>) -> String {
    x.map_or(String::new(), |(a, b)| format!("[{:.2}, {:.2}]", 100.0 * a, 100.0 * b))
}

/// Slices in report order: named slices alphabetically, the macro average last.
fn slices(results: &[SliceResult]) -> Vec<String> {
    let mut names: Vec<String> = results.iter().map(|r| r.slice.clone()).collect::<BTreeSet<_>>().into_iter().collect();
    if let Some(at) = names.iter().position(|s| s == "macro") {
        let m = names.remove(at);
        names.push(m);
    }
    names
}

/// Systems best first: by macro WER (else by mean WER over their slices), then by name.
fn systems(results: &[SliceResult]) -> Vec<String> {
    let mut score: BTreeMap<&str, (Option<f64>, f64, usize)> = BTreeMap::new();
    for r in results {
        let e = score.entry(&r.system).or_insert((None, 0.0, 0));
        if r.slice == "macro" {
            e.0 = r.wer;
        } else if let Some(w) = r.wer {
            e.1 += w;
            e.2 += 1;
        }
    }
    let key =
        |(m, sum, n): &(Option<f64>, f64, usize)| m.unwrap_or(if *n > 0 { sum / *n as f64 } else { f64::INFINITY });
    let mut names: Vec<(&str, f64)> = score.iter().map(|(s, v)| (*s, key(v))).collect();
    names.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(b.0)));
    names.into_iter().map(|(s, _)| s.to_string()).collect()
}

fn leaderboard(h: &mut String, results: &[SliceResult]) {
    h.push_str("<h2>A1 leaderboard</h2>\n");
    if results.is_empty() {
        h.push_str("<p>No A1 results were given.</p>\n");
        return;
    }
    let slices = slices(results);
    let systems = systems(results);
    let find = |system: &str, slice: &str| results.iter().find(|r| r.system == system && r.slice == slice);
    h.push_str("<p class=\"note\">WER and CER in %, corpus rates per slice with 95 % bootstrap intervals; macro = unweighted mean of the slices. Best macro WER first.</p>\n");
    h.push_str("<table>\n<thead><tr><th rowspan=\"2\">System</th>");
    for s in &slices {
        let _ = write!(h, "<th colspan=\"5\">{}</th>", esc(s));
    }
    h.push_str("</tr>\n<tr>");
    for _ in &slices {
        h.push_str("<th>WER</th><th>CI</th><th>CER</th><th>CI</th><th>missing</th>");
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for system in &systems {
        let _ = write!(h, "<tr><th scope=\"row\">{}</th>", esc(system));
        for slice in &slices {
            match find(system, slice) {
                Some(r) => {
                    let _ = write!(
                        h,
                        "<td>{}</td><td class=\"ci\">{}</td><td>{}</td><td class=\"ci\">{}</td><td>{} / {}</td>",
                        pct(r.wer),
                        ci(r.wer_ci),
                        pct(r.cer),
                        ci(r.cer_ci),
                        r.missing,
                        r.utterances
                    );
                }
                None => h.push_str("<td colspan=\"5\">not scored</td>"),
            }
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n</table>\n<h2>Charts</h2>\n<div class=\"charts\">\n");
    for slice in &slices {
        let rows: Vec<&SliceResult> = systems.iter().filter_map(|s| find(s, slice)).collect();
        let _ = writeln!(h, "<figure><figcaption>{}</figcaption>\n{}</figure>", esc(slice), slice_chart(slice, &rows));
    }
    h.push_str("</div>\n");
}

/// The significance level of the matrix's colours.
const ALPHA: f64 = 0.05;

/// One cell of the matrix: A − B in points, its interval and p; coloured when p < 0.05.
fn paired_cell(h: &mut String, rate: &PairedRate, what: &str) {
    let class = match (rate.difference, rate.p_value) {
        (Some(d), Some(p)) if p < ALPHA && d < 0.0 => "better",
        (Some(d), Some(p)) if p < ALPHA && d > 0.0 => "worse",
        _ => "same",
    };
    let diff = rate.difference.map_or("–".to_string(), |d| format!("{:+.2}", 100.0 * d));
    let ci = rate.difference_ci.map_or(String::new(), |(a, b)| format!("[{:+.2}, {:+.2}]", 100.0 * a, 100.0 * b));
    let p = rate.p_value.map_or("–".to_string(), |p| format!("{p:.3}"));
    let _ =
        write!(h, "<td class=\"{class}\" title=\"{what}\">{diff}<br><span class=\"ci\">{ci}</span><br>p = {p}</td>");
}

/// The paired-significance matrices (macro WER, macro CER) and, per slice, every pair's WER difference.
fn significance(h: &mut String, comparisons: &[Comparison], order: &[String]) {
    // The leaderboard's order (best first), then any compared system it does not list.
    let mut names: Vec<String> =
        order.iter().filter(|s| comparisons.iter().any(|c| &c.a == *s || &c.b == *s)).cloned().collect();
    for name in comparisons.iter().flat_map(|c| [&c.a, &c.b]) {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    let find = |a: &str, b: &str| comparisons.iter().find(|c| c.a == a && c.b == b);
    h.push_str("<h2>Paired significance</h2>\n<p class=\"note\">Row system A against column system B on the same utterances: A − B in points with its 95 % paired-bootstrap interval and two-sided p (<code>uraikal compare</code>, SPEC S10, on the counts of the alignment files). <span class=\"better\">Green</span>: A is better at p &lt; 0.05; <span class=\"worse\">red</span>: A is worse at p &lt; 0.05.</p>\n");
    for (rate, label) in [("wer", "macro WER"), ("cer", "macro CER")] {
        let _ = write!(h, "<table class=\"matrix\"><caption>{label}: A − B</caption><thead><tr><th>A \\ B</th>");
        for b in &names {
            let _ = write!(h, "<th>{}</th>", esc(b));
        }
        h.push_str("</tr></thead><tbody>\n");
        for a in &names {
            let _ = write!(h, "<tr><th scope=\"row\">{}</th>", esc(a));
            for b in &names {
                let row = find(a, b).and_then(|c| c.slices.iter().find(|s| s.slice == "macro"));
                match row {
                    Some(row) if a != b => {
                        let r = if rate == "wer" { &row.wer } else { &row.cer };
                        paired_cell(h, r, &format!("{} − {}, {label}", a, b));
                    }
                    _ => h.push_str("<td class=\"same\">·</td>"),
                }
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</tbody></table>\n");
    }
    h.push_str("<table><caption>WER A − B per slice</caption><thead><tr><th>A</th><th>B</th>");
    let slices: Vec<String> =
        comparisons.first().map(|c| c.slices.iter().map(|s| s.slice.clone()).collect()).unwrap_or_default();
    for s in &slices {
        let _ = write!(h, "<th>{}</th>", esc(s));
    }
    h.push_str("</tr></thead><tbody>\n");
    for (i, a) in names.iter().enumerate() {
        for b in names.iter().skip(i + 1) {
            let Some(c) = find(a, b) else { continue };
            let _ = write!(h, "<tr><th scope=\"row\">{}</th><th scope=\"row\">{}</th>", esc(a), esc(b));
            for s in &slices {
                match c.slices.iter().find(|p| &p.slice == s) {
                    Some(p) => paired_cell(h, &p.wer, &format!("{a} − {b}, WER on {s}")),
                    None => h.push_str("<td>–</td>"),
                }
            }
            h.push_str("</tr>\n");
        }
    }
    h.push_str("</tbody></table>\n");
}

/// The opening tag of a chart (the same text is inlined in the report and, made standalone, rendered to PNG),
/// with the Tamil-capable fonts named for its labels and a white background for the PNG.
fn svg_open(h: &mut String, width: f64, height: f64, label: &str) {
    let _ = write!(
        h,
        "<svg width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{label}\" font-family=\"{FONTS}\"><title>{label}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
    );
}

/// The fonts of chart labels: a Latin face first (most system names and all figures are Latin), then Tamil
/// faces for Tamil names (browsers and the PNG renderer fall back through the list per character).
pub(crate) const FONTS: &str =
    "DejaVu Sans, Noto Sans Tamil, Lohit Tamil, Latha, Nirmala UI, Tamil Sangam MN, sans-serif";

/// One slice's chart: a WER panel and a CER panel, a bar per system with its interval as a whisker.
pub(crate) fn slice_chart(slice: &str, rows: &[&SliceResult]) -> String {
    let mut out = String::new();
    let h = &mut out;
    const LABEL: f64 = 130.0;
    const PANEL: f64 = 220.0;
    const GAP: f64 = 50.0;
    const ROW: f64 = 22.0;
    const TOP: f64 = 28.0;
    let width = LABEL + 2.0 * PANEL + GAP + 10.0;
    let height = TOP + ROW * rows.len() as f64 + 24.0;
    let high = |value: Option<f64>, interval: Option<(f64, f64)>| {
        interval.map_or(value.unwrap_or(0.0), |(_, b)| b.max(value.unwrap_or(0.0)))
    };
    let max_of = |f: &dyn Fn(&SliceResult) -> f64| rows.iter().map(|r| f(r)).fold(0.0_f64, f64::max);
    let scales = [nice(max_of(&|r| high(r.wer, r.wer_ci))), nice(max_of(&|r| high(r.cer, r.cer_ci)))];
    svg_open(h, width, height, &format!("WER and CER per system on slice {}", esc(slice)));
    for (panel, (name, scale)) in ["WER %", "CER %"].iter().zip(scales).enumerate() {
        let x0 = LABEL + panel as f64 * (PANEL + GAP);
        let _ = writeln!(h, "<text x=\"{x0}\" y=\"16\" font-size=\"12\" font-weight=\"bold\">{name}</text>");
        let _ = writeln!(h, "<line x1=\"{x0}\" y1=\"{TOP}\" x2=\"{x0}\" y2=\"{}\" stroke=\"#888\"/>", height - 20.0);
        let _ = writeln!(
            h,
            "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\">{:.0}</text>",
            x0 + PANEL,
            height - 6.0,
            100.0 * scale
        );
        for (i, r) in rows.iter().enumerate() {
            let (value, interval, colour) =
                if panel == 0 { (r.wer, r.wer_ci, "#4e79a7") } else { (r.cer, r.cer_ci, "#f28e2b") };
            let y = TOP + ROW * i as f64;
            if panel == 0 {
                let _ = writeln!(
                    h,
                    "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"end\">{}</text>",
                    LABEL - 6.0,
                    y + 14.0,
                    esc(&r.system)
                );
            }
            let Some(v) = value else { continue };
            let w = PANEL * (v / scale).min(1.0);
            let _ = writeln!(
                h,
                "<rect x=\"{x0}\" y=\"{}\" width=\"{w:.1}\" height=\"{}\" fill=\"{colour}\"><title>{}: {name} {}</title></rect>",
                y + 3.0,
                ROW - 8.0,
                esc(&r.system),
                pct(value)
            );
            if let Some((a, b)) = interval {
                let (xa, xb, ym) =
                    (x0 + PANEL * (a / scale).min(1.0), x0 + PANEL * (b / scale).min(1.0), y + ROW / 2.0 - 1.0);
                let _ = writeln!(
                    h,
                    "<path d=\"M{xa:.1} {ym}H{xb:.1}M{xa:.1} {}V{}M{xb:.1} {}V{}\" stroke=\"#222\" fill=\"none\"/>",
                    ym - 4.0,
                    ym + 4.0,
                    ym - 4.0,
                    ym + 4.0
                );
            }
            // The label goes right of the bar or of the whisker, whichever ends later.
            let end = interval.map_or(w, |(_, b)| w.max(PANEL * (b / scale).min(1.0)));
            let _ = writeln!(
                h,
                "<text x=\"{:.1}\" y=\"{}\" font-size=\"10\">{}</text>",
                x0 + end + 3.0,
                y + 13.0,
                pct(value)
            );
        }
    }
    h.push_str("</svg>");
    out
}

/// A round upper bound for an axis (1, 2 or 5 times a power of ten), at least the value.
fn nice(max: f64) -> f64 {
    if max <= 0.0 || !max.is_finite() {
        return 1.0;
    }
    let power = 10f64.powf(max.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * power).find(|&b| b >= max).unwrap_or(10.0 * power)
}

/// A system's confusions, most frequent first (at most [`TOP`] of each).
#[derive(Debug, Default)]
pub(crate) struct Confusions {
    /// Substitution pairs `reference → hypothesis` that are real errors.
    pub substitutions: Vec<(String, usize)>,
    /// Substitution pairs whose hypothesis word is one of the utterance's lattice forms (spelling variants).
    pub variants: Vec<(String, usize)>,
    pub insertions: Vec<(String, usize)>,
    pub deletions: Vec<(String, usize)>,
}

/// Substitution pairs (split into real errors and, where the utterance has a lattice, the spelling variants it
/// accepts), inserted words and deleted words of a system.
pub(crate) fn confusions(alignments: &Alignments, lattices: &BTreeMap<String, Lattice>) -> Confusions {
    let mut counts: [BTreeMap<String, usize>; 4] = Default::default();
    for u in &alignments.utterances {
        let (r, hw) = (jiwer::words(&u.reference), jiwer::words(&u.hypothesis));
        // The lattice's forms, normalised as the alignment's texts are (the A1 normaliser).
        let forms: BTreeSet<String> = lattices
            .get(&u.id)
            .map(|l| l.groups().iter().flatten().map(|f| a1::normalise(f)).collect())
            .unwrap_or_default();
        for (kind, rs, re, hs, he) in &u.word_chunks {
            let (rw, hw) = (r.get(*rs..*re).unwrap_or(&[]), hw.get(*hs..*he).unwrap_or(&[]));
            match kind.as_str() {
                "substitute" => {
                    for (a, b) in rw.iter().zip(hw) {
                        let which = if forms.contains(*b) { 1 } else { 0 };
                        *counts[which].entry(format!("{a} → {b}")).or_default() += 1;
                    }
                }
                "insert" => hw.iter().for_each(|w| *counts[2].entry(w.to_string()).or_default() += 1),
                "delete" => rw.iter().for_each(|w| *counts[3].entry(w.to_string()).or_default() += 1),
                _ => {}
            }
        }
    }
    let [substitutions, variants, insertions, deletions] = counts.map(|c| {
        let mut v: Vec<(String, usize)> = c.into_iter().collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v.truncate(TOP);
        v
    });
    Confusions { substitutions, variants, insertions, deletions }
}

fn error_analysis(h: &mut String, alignments: &Alignments, lattices: &BTreeMap<String, Lattice>) {
    let system = esc(&alignments.system);
    let _ = writeln!(h, "<h2>Error analysis: {system}</h2>");
    let scored = alignments.utterances.iter().filter(|u| !u.missing).count();
    let _ = writeln!(
        h,
        "<p class=\"note\">{} utterances aligned ({} missing hypotheses, scored as empty output).</p>",
        alignments.utterances.len(),
        alignments.utterances.len() - scored
    );
    let c = confusions(alignments, lattices);
    let with_lattices = alignments.utterances.iter().filter(|u| lattices.contains_key(&u.id)).count();
    let mut tables = vec![("Substitutions (reference → hypothesis)", c.substitutions)];
    if with_lattices > 0 {
        let _ = writeln!(
            h,
            "<p class=\"note\">{with_lattices} utterances carry a reference lattice: a substitution whose hypothesis word is one of its lattice's forms is listed as a spelling variant the lattice accepts, apart from the real errors.</p>"
        );
        tables = vec![
            ("Substitutions, real errors (reference → hypothesis)", tables.remove(0).1),
            ("Spelling variants the lattice accepts (reference → hypothesis)", c.variants),
        ];
    }
    tables.extend([("Insertions", c.insertions), ("Deletions", c.deletions)]);
    h.push_str("<div class=\"charts\">\n");
    for (caption, rows) in tables {
        let _ =
            write!(h, "<table><caption>{caption}</caption><thead><tr><th>word</th><th>count</th></tr></thead><tbody>");
        if rows.is_empty() {
            h.push_str("<tr><td colspan=\"2\">none</td></tr>");
        }
        for (word, n) in rows {
            let _ = write!(h, "<tr><td class=\"text\" lang=\"ta\">{}</td><td>{n}</td></tr>", esc(&word));
        }
        h.push_str("</tbody></table>\n");
    }
    h.push_str("</div>\n<h3>Worst utterances</h3>\n<p class=\"legend\"><span class=\"eq\">equal</span> <span class=\"sub\">substitution (ref→hyp)</span> <span class=\"del\">deletion</span> <span class=\"ins\">insertion</span></p>\n");
    let mut worst: Vec<&Utterance> = alignments.utterances.iter().filter(|u| u.word_errors > 0).collect();
    worst.sort_by(|a, b| b.word_errors.cmp(&a.word_errors).then_with(|| a.id.cmp(&b.id)));
    h.push_str(
        "<table><thead><tr><th>id</th><th>slice</th><th>errors</th><th>aligned words</th></tr></thead><tbody>\n",
    );
    for u in worst.into_iter().take(WORST) {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{} / {}</td><td class=\"text aligned\" lang=\"ta\">",
            esc(&u.id),
            esc(&u.slice),
            u.word_errors,
            u.reference_words
        );
        aligned_words(h, u);
        h.push_str("</td></tr>\n");
    }
    h.push_str("</tbody></table>\n");
}

fn aligned_words(h: &mut String, u: &Utterance) {
    let (r, hw) = (jiwer::words(&u.reference), jiwer::words(&u.hypothesis));
    let mut parts = Vec::new();
    for (kind, rs, re, hs, he) in &u.word_chunks {
        let (rw, hw) = (r.get(*rs..*re).unwrap_or(&[]), hw.get(*hs..*he).unwrap_or(&[]));
        match kind.as_str() {
            "equal" => parts.push(format!("<span class=\"eq\">{}</span>", esc(&rw.join(" ")))),
            "substitute" => parts
                .extend(rw.iter().zip(hw).map(|(a, b)| format!("<span class=\"sub\">{}→{}</span>", esc(a), esc(b)))),
            "delete" => parts.extend(rw.iter().map(|w| format!("<span class=\"del\"><del>{}</del></span>", esc(w)))),
            "insert" => parts.extend(hw.iter().map(|w| format!("<span class=\"ins\"><ins>{}</ins></span>", esc(w)))),
            _ => {}
        }
    }
    h.push_str(&parts.join(" "));
}

fn d4(h: &mut String, rows: &[D4Row]) {
    let num = |x: Option<f64>, digits: usize| x.map_or("–".to_string(), |x| format!("{x:.digits$}"));
    h.push_str("<h2>D4: tokenizers on Tamil</h2>\n<p class=\"note\">tokens per word, bytes per token; letter cut, byte cut: share of words a token boundary cuts inside a letter or inside a UTF-8 sequence; round trip: share of passages decoded back exactly (SPEC D).</p>\n");
    h.push_str("<table><thead><tr><th>tokenizer</th><th>slice</th><th>vocabulary</th><th>tokens/word</th><th>bytes/token</th><th>letter cut</th><th>byte cut</th><th>round trip</th></tr></thead><tbody>\n");
    for r in rows {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&r.tokenizer),
            esc(&r.slice),
            r.vocab_size.map_or("–".into(), |v| v.to_string()),
            num(r.tokens_per_word, 2),
            num(r.bytes_per_token, 2),
            num(r.letter_cut, 3),
            num(r.byte_cut, 3),
            num(r.round_trip, 3)
        );
    }
    h.push_str("</tbody></table>\n");
    let _ = writeln!(h, "<figure><figcaption>Tokens per word</figcaption>{}</figure>", d4_chart(rows));
}

/// The example words of a D4 document: per word, each tokenizer's pieces with the cuts marked (SPEC D9).
fn d4_examples(h: &mut String, examples: &[D4Example]) {
    h.push_str("<h3>Where each tokenizer cuts a Tamil word</h3>\n<p class=\"note\">Each word of the passages encoded on its own; a bar marks each token start; tokens above the pieces split a letter's UTF-8 bytes.</p>\n");
    h.push_str("<table class=\"cuts\"><thead><tr><th>word</th><th>tokenizer</th><th>pieces</th><th>tokens</th></tr></thead><tbody>\n");
    for e in examples {
        for (i, c) in e.cuts.iter().enumerate() {
            h.push_str("<tr>");
            if i == 0 {
                let _ =
                    write!(h, "<th scope=\"rowgroup\" rowspan=\"{}\" lang=\"ta\">{}</th>", e.cuts.len(), esc(&e.word));
            }
            let pieces: Vec<String> = c.pieces.iter().map(|p| format!("<span>{}</span>", esc(p))).collect();
            let _ = writeln!(
                h,
                "<td>{}</td><td class=\"text pieces\" lang=\"ta\">{}</td><td>{}</td></tr>",
                esc(&c.tokenizer),
                pieces.join("<b>|</b>"),
                c.tokens
            );
        }
    }
    h.push_str("</tbody></table>\n");
}

/// The D4 chart: tokens per word, a bar per tokenizer and slice.
pub(crate) fn d4_chart(rows: &[D4Row]) -> String {
    let mut out = String::new();
    let h = &mut out;
    let scale = nice(rows.iter().filter_map(|r| r.tokens_per_word).fold(0.0, f64::max));
    let (label, panel, row) = (220.0, 360.0, 20.0);
    let height = 24.0 + row * rows.len() as f64 + 20.0;
    let width = label + panel + 60.0;
    svg_open(h, width, height, "Tokens per word per tokenizer");
    for (i, r) in rows.iter().enumerate() {
        let y = 20.0 + row * i as f64;
        let name = if r.slice.is_empty() { r.tokenizer.clone() } else { format!("{} ({})", r.tokenizer, r.slice) };
        let _ = writeln!(
            h,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"end\">{}</text>",
            label - 6.0,
            y + 13.0,
            esc(&name)
        );
        if let Some(v) = r.tokens_per_word {
            let w = panel * (v / scale).min(1.0);
            let _ = writeln!(h, "<rect x=\"{label}\" y=\"{}\" width=\"{w:.1}\" height=\"{}\" fill=\"#59a14f\"/><text x=\"{:.1}\" y=\"{}\" font-size=\"10\">{v:.2}</text>", y + 3.0, row - 6.0, label + w + 3.0, y + 13.0);
        }
    }
    h.push_str("</svg>");
    out
}
