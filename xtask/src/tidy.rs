//! `cargo xtask tidy`: checks on the tree itself, also run by `cargo test` (the test at the bottom).
//!
//! * crate layering (ARCHITECTURE.md): text ← numbers ← metrics ← {asr, d4, prep} ← cli; yaappu on text only;
//!   io on no Uraikal crate;
//! * uraikal-text depends on Unicode data crates only (`unicode-*`);
//! * every .rs file starts with a `//!` comment; no ignored or should-panic tests;
//! * every file under fixtures/ is listed in fixtures/README.md.
//!
//! Generated tables have their own freshness tests beside their generators (e.g. `graphemes_tables`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The Uraikal crates each crate may depend on (normal and build dependencies).
const LAYERS: &[(&str, &[&str])] = &[
    ("uraikal-text", &[]),
    ("uraikal-io", &[]),
    ("uraikal-numbers", &["uraikal-text"]),
    ("uraikal-yaappu", &["uraikal-text"]),
    ("uraikal-metrics", &["uraikal-text", "uraikal-numbers"]),
    (
        "uraikal-asr",
        &["uraikal-text", "uraikal-numbers", "uraikal-metrics", "uraikal-io"],
    ),
    (
        "uraikal-d4",
        &["uraikal-text", "uraikal-numbers", "uraikal-metrics", "uraikal-io"],
    ),
    (
        "uraikal-prep",
        &["uraikal-text", "uraikal-numbers", "uraikal-metrics", "uraikal-io"],
    ),
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
        ],
    ),
];

/// Runs every check and reports all problems at once.
pub fn check(root: &Path) -> Result<()> {
    let mut problems = Vec::new();
    check_layering(root, &mut problems)?;
    check_sources(root, &mut problems)?;
    check_fixtures(root, &mut problems)?;
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
    manifest
        .get(section)
        .and_then(|d| d.as_table())
        .map(|d| d.keys().cloned().collect())
        .unwrap_or_default()
}

fn check_layering(root: &Path, problems: &mut Vec<String>) -> Result<()> {
    for entry in std::fs::read_dir(root.join("crates")).context("reading crates/")? {
        let manifest_path = entry?.path().join("Cargo.toml");
        if !manifest_path.exists() {
            continue;
        }
        let text = std::fs::read_to_string(&manifest_path)?;
        let manifest: toml::Table = text
            .parse()
            .with_context(|| format!("parsing {}", manifest_path.display()))?;
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
                problems.push(format!(
                    "uraikal-text depends on {dep}; it may use Unicode data crates only"
                ));
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
                problems.push(format!(
                    "{shown}:{}: ignored and should-panic tests are not allowed",
                    number + 1
                ));
            }
        }
    }
    Ok(())
}

fn check_fixtures(root: &Path, problems: &mut Vec<String>) -> Result<()> {
    let fixtures = root.join("fixtures");
    let readme = std::fs::read_to_string(fixtures.join("README.md")).context("reading fixtures/README.md")?;
    let mut files = Vec::new();
    list_files(&fixtures, &mut files)?;
    for file in files {
        let relative = file.strip_prefix(root).unwrap_or(&file);
        let name = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let folder = relative
            .parent()
            .map(|p| format!("{}/", p.display()))
            .unwrap_or_default();
        let listed =
            readme.contains(&relative.display().to_string()) || (readme.contains(&folder) && readme.contains(name));
        if name != "README.md" && !listed {
            problems.push(format!("{}: not listed in fixtures/README.md", relative.display()));
        }
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_tree_is_tidy() {
        if let Err(problems) = super::check(&crate::project_root()) {
            panic!("{problems:#}");
        }
    }
}
