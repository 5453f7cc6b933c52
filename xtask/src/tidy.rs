//! `cargo xtask tidy`: checks on the tree itself, also run by `cargo test` (the test at the bottom).
//!
//! * crate layering (ARCHITECTURE.md): text ← numbers ← metrics ← {asr, d4, prep} ← cli; yaappu on text only;
//!   io on no Uraikal crate;
//! * uraikal-text depends on Unicode data crates only (`unicode-*`);
//! * every .rs file starts with a `//!` comment; no ignored or should-panic tests;
//! * every file under fixtures/ and under a crate's data/ is listed in fixtures/README.md;
//! * a published crate is self-contained: no packaged source embeds (`include_str!`, `include_bytes!`,
//!   `include!`) a file outside its crate folder, which `cargo publish` would not package;
//! * every dependency's licence is on the allow-list (`LICENCES`), read from `cargo metadata`.
//!
//! Generated tables have their own freshness tests beside their generators (e.g. `graphemes_tables`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The Uraikal crates each crate may depend on (normal and build dependencies).
const LAYERS: &[(&str, &[&str])] = &[
    // The Python bindings sit below the CLI (a separate Cargo workspace, built by maturin): the wheel runs the
    // `uraikal` command in-process (issue 24) and calls the track crates directly.
    (
        "uraikal-py",
        &[
            "uraikal-text",
            "uraikal-numbers",
            "uraikal-metrics",
            "uraikal-tasks",
            "uraikal-cli",
            "uraikal-asr",
            "uraikal-d4",
            "uraikal-io",
            "uraikal-quality",
            "uraikal-yaappu",
            "uraikal-legacy",
        ],
    ),
    ("uraikal-text", &[]),
    ("uraikal-io", &[]),
    ("uraikal-numbers", &["uraikal-text"]),
    ("uraikal-yaappu", &["uraikal-text"]),
    ("uraikal-legacy", &["uraikal-text"]),
    ("uraikal-quality", &["uraikal-text", "uraikal-legacy"]),
    ("uraikal-metrics", &["uraikal-text", "uraikal-numbers"]),
    ("uraikal-asr", &["uraikal-text", "uraikal-numbers", "uraikal-metrics", "uraikal-io"]),
    ("uraikal-d4", &["uraikal-text", "uraikal-numbers", "uraikal-metrics", "uraikal-io"]),
    ("uraikal-prep", &["uraikal-text", "uraikal-numbers", "uraikal-metrics", "uraikal-io", "uraikal-legacy"]),
    (
        "uraikal-cli",
        &[
            "uraikal-text",
            "uraikal-numbers",
            "uraikal-yaappu",
            "uraikal-metrics",
            "uraikal-io",
            "uraikal-asr",
            "uraikal-d4",
            "uraikal-prep",
            "uraikal-tasks",
            "uraikal-legacy",
            "uraikal-quality",
            "uraikal-report",
        ],
    ),
    ("uraikal-tasks", &["uraikal-text", "uraikal-numbers", "uraikal-yaappu", "uraikal-metrics"]),
    // House (issue 18): a dev-dependency of every test suite (publish = false), depending on nothing.
    ("uraikal-test-support", &[]),
    // The browser package beside the CLI; the HTML reports below the CLI, above the metrics.
    ("uraikal-wasm", &["uraikal-text", "uraikal-numbers", "uraikal-yaappu", "uraikal-metrics", "uraikal-legacy"]),
    ("uraikal-report", &["uraikal-text", "uraikal-numbers", "uraikal-metrics"]),
];

/// Runs every check and reports all problems at once.
pub fn check(root: &Path) -> Result<()> {
    let mut problems = Vec::new();
    check_layering(root, &mut problems)?;
    check_sources(root, &mut problems)?;
    check_fixtures(root, &mut problems)?;
    check_embedded_files(root, &mut problems)?;
    check_licences(root, &mut problems)?;
    if !problems.is_empty() {
        bail!("tidy found {} problem(s):\n  {}", problems.len(), problems.join("\n  "));
    }
    Ok(())
}

/// `cargo xtask tidy`.
pub fn run(_args: &[String]) -> Result<()> {
    check(&crate::project_root())?;
    println!("tidy: ok");
    Ok(())
}

fn dependency_names(manifest: &toml::Table, section: &str) -> Vec<String> {
    manifest.get(section).and_then(|d| d.as_table()).map(|d| d.keys().cloned().collect()).unwrap_or_default()
}

fn check_layering(root: &Path, problems: &mut Vec<String>) -> Result<()> {
    for entry in std::fs::read_dir(root.join("crates")).context("reading crates/")? {
        let manifest_path = entry?.path().join("Cargo.toml");
        if !manifest_path.exists() {
            continue;
        }
        let text = std::fs::read_to_string(&manifest_path)?;
        let manifest: toml::Table = text.parse().with_context(|| format!("parsing {}", manifest_path.display()))?;
        let name = manifest
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(|n| n.as_str())
            .with_context(|| format!("{} has no package name", manifest_path.display()))?
            .to_string();
        let Some((_, allowed)) = LAYERS.iter().find(|(crate_name, _)| *crate_name == name) else {
            problems.push(format!(
                "{name}: not in the layering (add it to LAYERS in xtask/src/tidy.rs and ARCHITECTURE.md)"
            ));
            continue;
        };
        let deps: Vec<String> = ["dependencies", "build-dependencies"]
            .iter()
            .flat_map(|section| dependency_names(&manifest, section))
            .collect();
        for dep in &deps {
            if dep.starts_with("uraikal-") && !allowed.contains(&dep.as_str()) {
                problems.push(format!("{name} depends on {dep}, which the layering forbids"));
            }
            if name == "uraikal-text" && !dep.starts_with("unicode-") {
                problems.push(format!("uraikal-text depends on {dep}; it may use Unicode data crates only"));
            }
        }
    }
    Ok(())
}

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, files)?;
            }
        } else if name.ends_with(".rs") {
            files.push(path);
        }
    }
    Ok(())
}

fn check_sources(root: &Path, problems: &mut Vec<String>) -> Result<()> {
    let mut files = Vec::new();
    for dir in ["crates", "xtask"] {
        rust_files(&root.join(dir), &mut files)?;
    }
    // Spelled in pieces so that this file does not match itself.
    let forbidden = [concat!("#[", "ignore"), concat!("#[", "should_panic")];
    for file in files {
        let text = std::fs::read_to_string(&file)?;
        let shown = file.strip_prefix(root).unwrap_or(&file).display().to_string();
        if !text.starts_with("//!") {
            problems.push(format!("{shown}: does not start with a `//!` comment"));
        }
        for (number, line) in text.lines().enumerate() {
            if forbidden.iter().any(|f| line.trim_start().starts_with(f)) {
                problems.push(format!("{shown}:{}: ignored and should-panic tests are not allowed", number + 1));
            }
        }
    }
    Ok(())
}

/// The folders whose files must be listed in fixtures/README.md: fixtures/ and every crate's data/ (the data
/// a crate embeds, kept inside it so that the published crate is self-contained).
fn listed_folders(root: &Path) -> Result<Vec<PathBuf>> {
    let mut folders = vec![root.join("fixtures")];
    let crates = root.join("crates");
    if crates.exists() {
        for entry in std::fs::read_dir(&crates).context("reading crates/")? {
            let data = entry?.path().join("data");
            if data.is_dir() {
                folders.push(data);
            }
        }
    }
    folders.sort();
    Ok(folders)
}

fn check_fixtures(root: &Path, problems: &mut Vec<String>) -> Result<()> {
    let readme = std::fs::read_to_string(root.join("fixtures/README.md")).context("reading fixtures/README.md")?;
    let patterns = fixture_patterns(&readme);
    let mut files = Vec::new();
    for folder in listed_folders(root)? {
        list_files(&folder, &mut files)?;
    }
    for file in files {
        let relative = file.strip_prefix(root).unwrap_or(&file);
        let shown = relative.display().to_string().replace('\\', "/");
        let name = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let folder = relative.parent().map(|p| format!("{}/", p.display())).unwrap_or_default();
        let listed = readme.contains(&shown)
            || (readme.contains(&folder) && readme.contains(name))
            || patterns.iter().any(|p| glob_match(p, &shown));
        if name != "README.md" && !listed {
            problems.push(format!("{shown}: not listed in fixtures/README.md"));
        }
    }
    Ok(())
}

/// The path patterns in the first column of fixtures/README.md's table: comma-separated, `*` matches within
/// one folder, `(x)` is optional; pieces after the first are relative to the first one's folder (up to its
/// first wildcard segment): `fixtures/t/*/a.json, SOURCES.md, */LICENSE*`.
fn fixture_patterns(readme: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in readme.lines().filter(|l| l.starts_with("| ")) {
        let cell = line.trim_start_matches("| ").split(" |").next().unwrap_or("").trim_matches('`');
        let mut base = String::from("fixtures/");
        for (k, piece) in cell.split(", ").map(|p| p.trim().trim_matches('`')).enumerate() {
            let full = if piece.starts_with("fixtures/") || piece.starts_with("crates/") {
                piece.to_string()
            } else {
                format!("{base}{piece}")
            };
            if k == 0 {
                // Later pieces are relative to the first one's folder, up to its first wildcard segment.
                let fixed: Vec<&str> = full.split('/').take_while(|seg| !seg.contains('*')).collect();
                let depth = if fixed.len() == full.split('/').count() { fixed.len() - 1 } else { fixed.len() };
                base = fixed[..depth].iter().map(|seg| format!("{seg}/")).collect();
            }
            match (full.find('('), full.find(')')) {
                (Some(a), Some(b)) if a < b => {
                    out.push(format!("{}{}", &full[..a], &full[b + 1..]));
                    out.push(format!("{}{}{}", &full[..a], &full[a + 1..b], &full[b + 1..]));
                }
                _ => out.push(full),
            }
        }
    }
    out
}

/// The folders (relative to the crate, ending in `/`) that a crate's `exclude` keeps out of its package, with
/// `exclude.workspace = true` read from the root manifest. Glob patterns are not interpreted: files they would
/// exclude are still checked, which errs on the safe side.
fn excluded_folders(manifest: &toml::Table, workspace: &toml::Table) -> Vec<String> {
    let own = manifest.get("package").and_then(|p| p.get("exclude"));
    let inherited = own.and_then(|e| e.get("workspace")).and_then(|w| w.as_bool()).unwrap_or(false);
    let list = if inherited {
        workspace.get("workspace").and_then(|w| w.get("package")).and_then(|p| p.get("exclude"))
    } else {
        own
    };
    list.and_then(|l| l.as_array())
        .into_iter()
        .flatten()
        .filter_map(|p| p.as_str())
        .filter(|p| p.ends_with('/') && !p.contains('*'))
        .map(|p| p.trim_start_matches('/').to_string())
        .collect()
}

/// The first string literal of every `include_str!`, `include_bytes!` and `include!` in `text` (also inside a
/// `concat!`, whose first piece carries any `../`), with its byte offset.
fn embedded_paths(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    for mac in ["include_str!(", "include_bytes!(", "include!("] {
        for (at, _) in text.match_indices(mac) {
            let mut rest = text[at + mac.len()..].trim_start();
            if let Some(inner) = rest.strip_prefix("concat!(") {
                rest = inner.trim_start();
            }
            if let Some(literal) = rest.strip_prefix('"').and_then(|r| r.split('"').next()) {
                out.push((at, literal));
            }
        }
    }
    out.sort();
    out
}

/// `base/relative` with `.` and `..` resolved by the path's text alone (the file need not exist).
fn lexical_join(base: &Path, relative: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for component in base.join(relative).components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `cargo publish` packages a crate's own folder only, so a packaged source that embeds a file from outside
/// it builds in the workspace and fails on crates.io. Crates with `publish = false` are not checked.
fn check_embedded_files(root: &Path, problems: &mut Vec<String>) -> Result<()> {
    let workspace: toml::Table = match std::fs::read_to_string(root.join("Cargo.toml")) {
        Ok(text) => text.parse().context("parsing Cargo.toml")?,
        Err(_) => toml::Table::new(),
    };
    for entry in std::fs::read_dir(root.join("crates")).context("reading crates/")? {
        let crate_dir = lexical_join(&entry?.path(), ".");
        let manifest_path = crate_dir.join("Cargo.toml");
        if !manifest_path.exists() {
            continue;
        }
        let manifest: toml::Table = std::fs::read_to_string(&manifest_path)?
            .parse()
            .with_context(|| format!("parsing {}", manifest_path.display()))?;
        let package = manifest.get("package");
        if package.and_then(|p| p.get("publish")).and_then(|p| p.as_bool()) == Some(false) {
            continue;
        }
        let excluded = excluded_folders(&manifest, &workspace);
        let mut files = Vec::new();
        rust_files(&crate_dir, &mut files)?;
        for file in files {
            let in_crate = file.strip_prefix(&crate_dir).unwrap_or(&file);
            let in_crate = in_crate.display().to_string().replace('\\', "/");
            if excluded.iter().any(|folder| in_crate.starts_with(folder.as_str())) {
                continue;
            }
            let text = std::fs::read_to_string(&file)?;
            let folder = file.parent().unwrap_or(&crate_dir);
            for (at, literal) in embedded_paths(&text) {
                if !lexical_join(folder, literal).starts_with(&crate_dir) {
                    let shown = file.strip_prefix(root).unwrap_or(&file).display().to_string();
                    let line = text[..at].matches('\n').count() + 1;
                    problems.push(format!(
                        "{shown}:{line}: embeds {literal:?}, outside its crate: the published crate would not \
                         build (move the file into the crate, e.g. its data/ folder)"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// `*` matches any run of characters other than `/`.
fn glob_match(pattern: &str, path: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == path,
        Some((head, tail)) => {
            let Some(rest) = path.strip_prefix(head) else {
                return false;
            };
            (0..=rest.len())
                .take_while(|&i| !rest[..i].contains('/'))
                .filter(|&i| rest.is_char_boundary(i))
                .any(|i| glob_match(tail, &rest[i..]))
        }
    }
}

fn list_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            list_files(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

/// Licences every dependency must be under (SPDX ids; an `OR` needs one allowed side, an `AND` all parts).
const LICENCES: &[&str] = &[
    "MIT",
    "Apache-2.0",
    "Apache-2.0 WITH LLVM-exception",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "ISC",
    "Zlib",
    "Unicode-3.0",
    "Unicode-DFS-2016",
    "CC0-1.0",
    "Unlicense",
    "MPL-2.0",
    "BSL-1.0",
    "0BSD",
    "CDLA-Permissive-2.0",
];

/// Whether an SPDX licence expression is satisfied by the allow-list.
fn licence_allowed(expression: &str) -> bool {
    let expression = expression.replace('/', " OR ");
    expression.split(" OR ").any(|alternative| {
        alternative
            .split(" AND ")
            .map(|part| part.trim().trim_matches(|c| c == '(' || c == ')').trim())
            .all(|part| LICENCES.contains(&part))
    })
}

fn check_licences(root: &Path, problems: &mut Vec<String>) -> Result<()> {
    let output = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--filter-platform", "x86_64-unknown-linux-gnu"])
        .current_dir(root)
        .output()
        .context("running cargo metadata")?;
    if !output.status.success() {
        bail!("cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr));
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).context("parsing cargo metadata")?;
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let name = package["name"].as_str().unwrap_or("?");
        if package["source"].is_null() {
            continue; // our own crates: Apache-2.0 from the workspace
        }
        match package["license"].as_str() {
            Some(licence) if licence_allowed(licence) => {}
            Some(licence) => problems
                .push(format!("dependency {name} is under {licence:?}, not on the allow-list (xtask/src/tidy.rs)")),
            None => problems.push(format!("dependency {name} declares no SPDX licence")),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_is_tidy() {
        if let Err(problems) = check(&crate::project_root()) {
            panic!("{problems:#}");
        }
    }

    #[test]
    fn fixture_patterns_and_globs() {
        let crate_data = fixture_patterns("| crates/uraikal-d4/data/tokenizers/*/tokenizer.json, SOURCES.md | x | y |");
        assert!(crate_data.iter().any(|p| glob_match(p, "crates/uraikal-d4/data/tokenizers/bert/tokenizer.json")));
        assert!(crate_data.iter().any(|p| glob_match(p, "crates/uraikal-d4/data/tokenizers/SOURCES.md")));
        let p = fixture_patterns("| fixtures/tokenizers/*/tokenizer.json(.gz), SOURCES.md, */LICENSE* | x | y |");
        assert!(p.iter().any(|p| glob_match(p, "fixtures/tokenizers/o200k_base/tokenizer.json.gz")), "{p:?}");
        assert!(p.iter().any(|p| glob_match(p, "fixtures/tokenizers/bert/tokenizer.json")), "{p:?}");
        assert!(p.iter().any(|p| glob_match(p, "fixtures/tokenizers/SOURCES.md")), "{p:?}");
        assert!(p.iter().any(|p| glob_match(p, "fixtures/tokenizers/bert/LICENSE")), "{p:?}");
        assert!(!p.iter().any(|p| glob_match(p, "fixtures/tokenizers/bert/vocab.txt")), "{p:?}");
        assert!(!glob_match("fixtures/*.json", "fixtures/a/b.json"));
    }

    #[test]
    fn licence_expressions() {
        assert!(licence_allowed("MIT OR Apache-2.0"));
        assert!(licence_allowed("(MIT OR Apache-2.0) AND Unicode-3.0"));
        assert!(licence_allowed("MIT/Apache-2.0"));
        assert!(!licence_allowed("GPL-3.0-only"));
        assert!(!licence_allowed("MIT AND GPL-2.0"));
    }

    /// A tree laid out like ours, with one rule broken on purpose, must fail tidy with that rule named.
    fn broken_tree(break_it: impl Fn(&Path)) -> String {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("crates/uraikal-text/src")).unwrap();
        std::fs::create_dir_all(root.join("xtask/src")).unwrap();
        std::fs::create_dir_all(root.join("fixtures")).unwrap();
        std::fs::write(
            root.join("crates/uraikal-text/Cargo.toml"),
            "[package]\nname = \"uraikal-text\"\n[dependencies]\n",
        )
        .unwrap();
        std::fs::write(root.join("crates/uraikal-text/src/lib.rs"), "//! text\n").unwrap();
        std::fs::write(root.join("fixtures/README.md"), "| path |\n").unwrap();
        break_it(root);
        let mut problems = Vec::new();
        check_layering(root, &mut problems).unwrap();
        check_sources(root, &mut problems).unwrap();
        check_fixtures(root, &mut problems).unwrap();
        check_embedded_files(root, &mut problems).unwrap();
        problems.join("\n")
    }

    #[test]
    fn a_clean_tree_passes() {
        assert_eq!(broken_tree(|_| {}), "");
    }

    #[test]
    fn broken_rules_are_named() {
        let layering = broken_tree(|root| {
            std::fs::write(
                root.join("crates/uraikal-text/Cargo.toml"),
                "[package]\nname = \"uraikal-text\"\n[dependencies]\nuraikal-metrics = \"1\"\nserde = \"1\"\n",
            )
            .unwrap();
        });
        assert!(layering.contains("uraikal-text depends on uraikal-metrics, which the layering forbids"), "{layering}");
        assert!(layering.contains("it may use Unicode data crates only"), "{layering}");
        let header =
            broken_tree(|root| std::fs::write(root.join("crates/uraikal-text/src/lib.rs"), "fn f() {}\n").unwrap());
        assert!(header.contains("does not start with a `//!` comment"), "{header}");
        let ignored = broken_tree(|root| {
            std::fs::write(root.join("crates/uraikal-text/src/lib.rs"), concat!("//! t\n#[", "ignore]\nfn f() {}\n"))
                .unwrap()
        });
        assert!(ignored.contains(":2: ignored and should-panic tests are not allowed"), "{ignored}");
        let fixture = broken_tree(|root| std::fs::write(root.join("fixtures/unlisted.json"), "{}").unwrap());
        assert!(fixture.contains("fixtures/unlisted.json: not listed"), "{fixture}");
        let bundled = broken_tree(|root| {
            std::fs::create_dir_all(root.join("crates/uraikal-text/data")).unwrap();
            std::fs::write(root.join("crates/uraikal-text/data/table.bin"), "").unwrap();
        });
        assert!(bundled.contains("crates/uraikal-text/data/table.bin: not listed"), "{bundled}");
    }

    /// A file embedded from outside the crate is caught (also through `concat!` and across lines); one inside
    /// it, or in a folder the package excludes, is not.
    #[test]
    fn embedding_outside_the_crate_is_caught() {
        let write = |root: &Path, path: &str, text: &str| {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        let outside = broken_tree(|root| {
            write(
                root,
                "crates/uraikal-text/src/lib.rs",
                concat!(
                    "//! t\nconst A: &str = include_str!(\"../data/a.txt\");\n",
                    "const B: &str = include_str!(\n    \"../../../fixtures/b.txt\",\n);\n",
                    "const C: &[u8] = include_bytes!(concat!(\"../../other/\", \"c.bin\"));\n",
                ),
            );
        });
        assert!(
            outside
                .contains(r#"crates/uraikal-text/src/lib.rs:3: embeds "../../../fixtures/b.txt", outside its crate"#),
            "{outside}"
        );
        assert!(outside.contains(r#"lib.rs:6: embeds "../../other/", outside its crate"#), "{outside}");
        assert!(!outside.contains("../data/a.txt"), "{outside}");
        let in_tests = |exclude: &'static str| {
            broken_tree(move |root| {
                write(
                    root,
                    "crates/uraikal-text/Cargo.toml",
                    "[package]\nname = \"uraikal-text\"\nexclude.workspace = true\n[dependencies]\n",
                );
                write(root, "Cargo.toml", &format!("[workspace.package]\nexclude = [{exclude}]\n"));
                write(root, "crates/uraikal-text/tests/t.rs", "//! t\nconst A: &str = include_str!(\"../../../x\");\n");
            })
        };
        assert_eq!(in_tests(r#""/tests/""#), "");
        assert!(in_tests("").contains("tests/t.rs:2: embeds"), "{}", in_tests(""));
    }
}
