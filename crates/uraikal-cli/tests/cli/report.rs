//! `uraikal report`: from `uraikal score` outputs on the A1 fixture to one self-contained HTML file; bad input
//! is exit status 2 with the file (and line) named, and no report file.

use std::path::{Path, PathBuf};
use std::process::Output;

fn uraikal(args: &[&str]) -> Output {
    super::uraikal().args(args).output().expect("runs uraikal")
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/a1").join(name).display().to_string()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Scores the fixture as `system`, with alignments; answers (results, alignments).
fn score(dir: &Path, system: &str) -> (PathBuf, PathBuf) {
    score_hyps(dir, system, &fixture("hyps_sample.jsonl"))
}

/// Scores `hyps` against the fixture's manifest as `system`, with alignments.
fn score_hyps(dir: &Path, system: &str, hyps: &str) -> (PathBuf, PathBuf) {
    let (out, alignments) = (dir.join(format!("{system}.json")), dir.join(format!("{system}.jsonl")));
    let o = uraikal(&[
        "score",
        "--manifest",
        &fixture("a1_sample.jsonl"),
        "--hyp",
        hyps,
        "--system",
        system,
        "--bootstrap",
        "50",
        "--out",
        path(&out),
        "--alignments",
        path(&alignments),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (out, alignments)
}

#[test]
fn report_of_two_systems_with_alignments() {
    let dir = tempfile::tempdir().unwrap();
    let (a, a_al) = score(dir.path(), "sys-a");
    let (b, _) = score(dir.path(), "sys-b");
    let html = dir.path().join("report.html");
    let o = uraikal(&[
        "report",
        path(&a),
        path(&b),
        "--alignments",
        path(&a_al),
        "--out",
        path(&html),
        "--title",
        "Fixture",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let h = std::fs::read_to_string(&html).unwrap();
    for name in ["sys-a", "sys-b", "kural", "other", "macro", "Error analysis: sys-a"] {
        assert!(h.contains(name), "{name}");
    }
    assert_eq!(h.matches("<svg").count(), 3, "a chart per slice");
    assert!(!h.contains("http:") && !h.contains("https:"));
    // The rates are the result files' own, as printed.
    let records: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&a).unwrap()).unwrap();
    let macro_wer =
        records.as_array().unwrap().iter().find(|r| r["slice"] == "macro").unwrap()["wer"].as_f64().unwrap();
    assert!(h.contains(&format!("<td>{:.2}</td>", 100.0 * macro_wer)));
}

#[test]
fn bad_input_is_exit_2_naming_the_file_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("report.html");
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "[{\"system\": \"s\",\n  \"slice\": }]").unwrap();
    let o = uraikal(&["report", path(&broken), "--out", path(&html)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("broken.json:2: not JSON"), "{err}");
    assert!(!html.exists());

    let (a, _) = score(dir.path(), "sys-a");
    let alignments = dir.path().join("bad.jsonl");
    std::fs::write(&alignments, "{\"id\": \"u\", \"reference\": \"a\", \"word_chunks\": []}\n{\"id\": \"v\"}\n")
        .unwrap();
    let o = uraikal(&["report", path(&a), "--alignments", path(&alignments), "--out", path(&html)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.jsonl: line 2: missing field \"word_chunks\""), "{err}");
    assert!(!html.exists());

    let o = uraikal(&["report", path(&dir.path().join("absent.json")), "--out", path(&html)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("absent.json"));
}

/// The fixture's hypotheses with each one's last word dropped (a worse system, as the acceptance check makes).
fn shorter_hyps(dir: &Path) -> String {
    let text = std::fs::read_to_string(fixture("hyps_sample.jsonl")).unwrap();
    let mut out = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let words: Vec<&str> = row["hyp"].as_str().unwrap().split_whitespace().collect();
        let shorter = words[..words.len().saturating_sub(1)].join(" ");
        out.push_str(&serde_json::json!({"id": row["id"], "hyp": shorter}).to_string());
        out.push('\n');
    }
    let path = dir.join("hyps_b.jsonl");
    std::fs::write(&path, out).unwrap();
    path.display().to_string()
}

#[test]
fn two_systems_aligned_get_the_compare_matrix_and_png_charts() {
    let dir = tempfile::tempdir().unwrap();
    let (a, a_al) = score(dir.path(), "sys-a");
    let (b, b_al) = score_hyps(dir.path(), "sys-b", &shorter_hyps(dir.path()));
    let (html, png) = (dir.path().join("report.html"), dir.path().join("png"));
    let o = uraikal(&[
        "report",
        path(&a),
        path(&b),
        "--alignments",
        &format!("sys-a={}", path(&a_al)),
        "--alignments",
        &format!("sys-b={}", path(&b_al)),
        "--out",
        path(&html),
        "--png",
        path(&png),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let h = std::fs::read_to_string(&html).unwrap();
    // The matrix holds what `uraikal compare --json` says for the same two runs (same replicates and seed).
    let c = uraikal(&[
        "compare",
        "--manifest",
        &fixture("a1_sample.jsonl"),
        "--hyp",
        &fixture("hyps_sample.jsonl"),
        "--hyp",
        &shorter_hyps(dir.path()),
        "--bootstrap",
        "50",
        "--json",
    ]);
    assert!(c.status.success(), "{}", String::from_utf8_lossy(&c.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&c.stdout).unwrap();
    let macro_row = rows.as_array().unwrap().iter().find(|r| r["slice"] == "macro").unwrap();
    let (d, p) = (macro_row["wer"]["difference"].as_f64().unwrap(), macro_row["wer"]["p_value"].as_f64().unwrap());
    assert!(d < 0.0 && p < 0.05, "dropping a word a hypothesis makes sys-b significantly worse: {macro_row}");
    let cell = format!("<td class=\"better\" title=\"sys-a − sys-b, macro WER\">{:+.2}<br>", 100.0 * d);
    assert!(h.contains("<h2>Paired significance</h2>") && h.contains(&cell), "{cell}");
    let p_text = format!("p = {p:.3}</td>");
    assert!(h.contains(&p_text), "{p_text}");
    // A PNG per chart: the slices kural, other and macro.
    let mut names: Vec<String> =
        std::fs::read_dir(&png).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["slice-kural.png", "slice-macro.png", "slice-other.png"]);
    for name in &names {
        let bytes = std::fs::read(png.join(name)).unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 2_000, "{name}: {} bytes", bytes.len());
    }
}

#[test]
fn a_manifest_with_lattices_lists_the_spelling_variants_they_accept_apart() {
    let dir = tempfile::tempdir().unwrap();
    let (a, a_al) = score(dir.path(), "sys-a");
    // A lattice on the first utterance with a substitution: its reference words, and the hypothesis word of
    // that substitution accepted as a spelling of the reference word.
    let manifest = std::fs::read_to_string(fixture("a1_sample.jsonl")).unwrap();
    let aligned = std::fs::read_to_string(&a_al).unwrap();
    let mut lines = Vec::new();
    let mut variant = None;
    for (line, al) in manifest.lines().zip(aligned.lines()) {
        let mut row: serde_json::Value = serde_json::from_str(line).unwrap();
        let al: serde_json::Value = serde_json::from_str(al).unwrap();
        let words = |f: &str| -> Vec<String> {
            al[f].as_str().unwrap().split_whitespace().map(str::to_string).collect::<Vec<_>>()
        };
        let sub = al["word_chunks"].as_array().unwrap().iter().find(|c| c[0] == "substitute").cloned();
        if let (None, Some(c)) = (&variant, sub) {
            let (r, h) = (words("reference"), words("hypothesis"));
            let (ri, hi) = (c[1].as_u64().unwrap() as usize, c[3].as_u64().unwrap() as usize);
            let mut groups: Vec<Vec<String>> = r.iter().map(|w| vec![w.clone()]).collect();
            groups[ri].push(h[hi].clone());
            row["lattice"] = serde_json::json!(groups);
            variant = Some(format!("{} → {}", r[ri], h[hi]));
        }
        lines.push(row.to_string());
    }
    let variant = variant.expect("the fixture has a substitution");
    let lattices = dir.path().join("a1_lattices.jsonl");
    std::fs::write(&lattices, lines.join("\n") + "\n").unwrap();
    let html = dir.path().join("report.html");
    let al = format!("sys-a={}", path(&a_al));
    let o = uraikal(&["report", path(&a), "--alignments", &al, "--manifest", path(&lattices), "--out", path(&html)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let h = std::fs::read_to_string(&html).unwrap();
    let variants = h.find("<caption>Spelling variants the lattice accepts").expect("a variants table");
    let real = h.find("<caption>Substitutions, real errors").expect("a real-errors table");
    let cell = format!("<td class=\"text\" lang=\"ta\">{variant}</td>");
    assert!(h[variants..].split("</table>").next().unwrap().contains(&cell), "{cell}");
    assert!(!h[real..variants].contains(&cell), "{cell} also among the real errors");
    // A bad lattice in the manifest is exit 2 naming file and line.
    std::fs::write(&lattices, "{\"id\": \"u\", \"audio\": \"a.wav\", \"text\": \"x\", \"lattice\": 3}\n").unwrap();
    let o = uraikal(&["report", path(&a), "--manifest", path(&lattices), "--out", path(&html)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("a1_lattices.jsonl:1"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
