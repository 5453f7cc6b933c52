//! `cargo xtask check-version [--tag vX.Y.Z] [--bless-scoring]`: the release version is one, everywhere, and
//! the benchmark version (`URAIKAL_VERSION`) moves exactly when scoring moves.
//!
//! Two versions with two meanings: the crate version (semver of the code, in the workspace Cargo.toml) and
//! `URAIKAL_VERSION` (the benchmark: numbers on a leaderboard are comparable only when it is equal). The second
//! is guarded by a hash of the normative scoring sources listed in `xtask/scoring-sources.txt`, recorded with
//! the version it belongs to in `xtask/scoring-hash.txt`.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use crate::project_root;

/// Runs every version check; returns the workspace version.
pub fn check_version(tag: Option<&str>, bless_scoring: bool) -> Result<String> {
    let tag = tag
        .map(str::to_string)
        .or_else(|| std::env::var("GITHUB_REF_NAME").ok().filter(|t| t.starts_with('v')));
    check_version_at(&project_root(), tag.as_deref(), bless_scoring)
}

/// [`check_version`] on the project at `root`.
pub fn check_version_at(root: &Path, tag: Option<&str>, bless_scoring: bool) -> Result<String> {
    let root = root.to_path_buf();
    let mut problems = Vec::new();
    let version = workspace_version(&root)?;
    check_crates(&root, &version, &mut problems)?;
    check_changelog(&root, &version, &mut problems)?;
    let python = root.join(PYTHON_MANIFEST);
    if python.exists() {
        let v = read_toml(&python)?
            .get("package")
            .and_then(|p| p.get("version"))
            .and_then(|v| v.as_str())
            .map(str::to_string);
        if v.as_deref() != Some(version.as_str()) {
            problems.push(format!(
                "{PYTHON_MANIFEST} has version {v:?}, expected {version:?} (the wheel's version)"
            ));
        }
    }
    if let Some(tag) = tag {
        if tag != format!("v{version}") {
            problems.push(format!("tag {tag:?} does not equal v{version} (the workspace version)"));
        }
    }
    check_scoring(&root, bless_scoring, &mut problems)?;
    if !problems.is_empty() {
        bail!(
            "check-version found {} problem(s):\n  - {}",
            problems.len(),
            problems.join("\n  - ")
        );
    }
    println!("check-version: version {version}, all crates consistent, scoring hash matches URAIKAL_VERSION");
    Ok(version)
}

fn read_toml(path: &Path) -> Result<toml::Table> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.parse::<toml::Table>()
        .with_context(|| format!("parsing {}", path.display()))
}

/// The `[workspace.package] version`.
pub fn workspace_version(root: &Path) -> Result<String> {
    let t = read_toml(&root.join("Cargo.toml"))?;
    t.get("workspace")
        .and_then(|w| w.get("package"))
        .and_then(|p| p.get("version"))
        .and_then(|v| v.as_str())
        .map(str::to_string)
        .context("Cargo.toml has no [workspace.package] version")
}

/// The workspace's member manifests under crates/ (xtask is never published; crates/uraikal-py is a Python
/// package built by maturin outside the workspace, checked separately).
pub fn member_manifests(root: &Path) -> Result<Vec<PathBuf>> {
    let ws = read_toml(&root.join("Cargo.toml"))?;
    let members = ws
        .get("workspace")
        .and_then(|w| w.get("members"))
        .and_then(|m| m.as_array());
    let mut out: Vec<PathBuf> = members
        .into_iter()
        .flatten()
        .filter_map(|m| m.as_str())
        .filter(|m| m.starts_with("crates/"))
        .map(|m| root.join(m).join("Cargo.toml"))
        .filter(|p| p.exists())
        .collect();
    out.sort();
    Ok(out)
}

/// The Python package's Cargo.toml, which carries its own version (maturin reads it for the wheel).
const PYTHON_MANIFEST: &str = "crates/uraikal-py/Cargo.toml";

fn check_crates(root: &Path, version: &str, problems: &mut Vec<String>) -> Result<()> {
    let ws = read_toml(&root.join("Cargo.toml"))?;
    let deps = ws
        .get("workspace")
        .and_then(|w| w.get("dependencies"))
        .and_then(|d| d.as_table());
    let pinned = format!("={version}");
    let mut internal = Vec::new();
    for (name, spec) in deps.into_iter().flatten() {
        if !name.starts_with("uraikal-") {
            continue;
        }
        internal.push(name.clone());
        let v = spec.get("version").and_then(|v| v.as_str());
        if v != Some(pinned.as_str()) {
            problems.push(format!(
                "[workspace.dependencies] {name} has version {v:?}, expected {pinned:?}"
            ));
        }
        if spec.get("path").is_none() {
            problems.push(format!("[workspace.dependencies] {name} has no path"));
        }
    }
    for manifest in member_manifests(root)? {
        let t = read_toml(&manifest)?;
        let shown = manifest.strip_prefix(root).unwrap_or(&manifest).display().to_string();
        let inherits = t
            .get("package")
            .and_then(|p| p.get("version"))
            .and_then(|v| v.get("workspace"))
            .and_then(|w| w.as_bool())
            == Some(true);
        if !inherits {
            problems.push(format!("{shown}: package.version must be `version.workspace = true`"));
        }
        for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
            for (name, spec) in t.get(section).and_then(|d| d.as_table()).into_iter().flatten() {
                if !name.starts_with("uraikal-") {
                    continue;
                }
                let via_workspace = spec.get("workspace").and_then(|w| w.as_bool()) == Some(true);
                let pinned_here = spec.get("version").and_then(|v| v.as_str()) == Some(pinned.as_str());
                if !via_workspace && !pinned_here {
                    problems.push(format!(
                        "{shown}: [{section}] {name} must use `workspace = true` (or version {pinned:?})"
                    ));
                }
                if via_workspace && !internal.contains(name) {
                    problems.push(format!(
                        "{shown}: [{section}] {name} is not in [workspace.dependencies]"
                    ));
                }
            }
        }
    }
    Ok(())
}

fn check_changelog(root: &Path, version: &str, problems: &mut Vec<String>) -> Result<()> {
    let text = fs::read_to_string(root.join("CHANGELOG.md")).context("reading CHANGELOG.md")?;
    let has = text
        .lines()
        .any(|l| l.starts_with("## ") && l[3..].split_whitespace().next() == Some(version));
    if !has {
        problems.push(format!("CHANGELOG.md has no `## {version}` section"));
    }
    Ok(())
}

/// The benchmark version constant, found in the crate sources.
pub fn uraikal_version(root: &Path) -> Result<Option<String>> {
    for manifest in member_manifests(root)? {
        let src = manifest.parent().unwrap().join("src");
        for file in rust_files(&src)? {
            let text = fs::read_to_string(&file)?;
            for line in text.lines() {
                let line = line.trim();
                if let Some(rest) = line.strip_prefix("pub const URAIKAL_VERSION: &str = \"") {
                    if let Some(v) = rest.strip_suffix("\";") {
                        return Ok(Some(v.to_string()));
                    }
                }
            }
        }
    }
    Ok(None)
}

/// All .rs files under `dir`, sorted.
pub fn rust_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else { continue };
        for entry in entries {
            let p = entry?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(test)]
/// Records the current scoring hash with the current URAIKAL_VERSION.
pub fn bless(root: &Path) -> Result<()> {
    let version = uraikal_version(root)?.context("no URAIKAL_VERSION constant found")?;
    bless_with(root, &version)
}

fn bless_with(root: &Path, version: &str) -> Result<()> {
    let hash = scoring_hash(root)?;
    let record_path = root.join(RECORD);
    let text = format!(
        "# Generated by `cargo xtask check-version --bless-scoring`, do not edit.\n\
         # The sha256 of the scoring sources (xtask/scoring-sources.txt) that URAIKAL_VERSION describes.\n\
         uraikal_version = {version}\nsha256 = {hash}\n"
    );
    fs::write(&record_path, text)?;
    println!("recorded URAIKAL_VERSION {version} with scoring hash {hash}");
    Ok(())
}

const SOURCES: &str = "xtask/scoring-sources.txt";
const RECORD: &str = "xtask/scoring-hash.txt";

/// sha256 over the listed scoring sources (path and contents of every file, in sorted order).
pub fn scoring_hash(root: &Path) -> Result<String> {
    let list = fs::read_to_string(root.join(SOURCES)).with_context(|| format!("reading {SOURCES}"))?;
    let mut files = Vec::new();
    for line in list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let p = root.join(line);
        if p.is_dir() {
            let mut stack = vec![p];
            while let Some(d) = stack.pop() {
                for e in fs::read_dir(&d)? {
                    let q = e?.path();
                    if q.is_dir() {
                        stack.push(q)
                    } else {
                        files.push(q)
                    }
                }
            }
        } else if p.is_file() {
            files.push(p);
        } else {
            bail!("{SOURCES} lists {line}, which does not exist");
        }
    }
    files.sort();
    let mut h = Sha256::new();
    for f in files {
        let rel = f.strip_prefix(root).unwrap_or(&f).to_string_lossy().replace('\\', "/");
        h.update(rel.as_bytes());
        h.update([0]);
        // Line endings are not scoring: hash text with \n only.
        let bytes = fs::read(&f)?;
        let text: Vec<u8> = bytes.into_iter().filter(|&b| b != b'\r').collect();
        h.update(&text);
        h.update([0]);
    }
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

fn check_scoring(root: &Path, bless: bool, problems: &mut Vec<String>) -> Result<()> {
    let Some(version) = uraikal_version(root)? else {
        problems.push("no `pub const URAIKAL_VERSION: &str = \"…\";` found in crates/*/src".into());
        return Ok(());
    };
    if bless {
        return bless_with(root, &version);
    }
    let hash = scoring_hash(root)?;
    let record_path = root.join(RECORD);
    let recorded = fs::read_to_string(&record_path).with_context(|| format!("reading {RECORD}"))?;
    let field = |k: &str| {
        recorded.lines().find_map(|l| {
            l.strip_prefix(k)
                .map(|r| r.trim_start_matches([' ', '=']).trim().to_string())
        })
    };
    let (rv, rh) = (field("uraikal_version"), field("sha256"));
    let same_version = rv.as_deref() == Some(version.as_str());
    let same_hash = rh.as_deref() == Some(hash.as_str());
    match (same_version, same_hash) {
        (true, true) => {}
        (true, false) => problems.push(format!(
            "the scoring sources changed but URAIKAL_VERSION is still {version}: bump it (and say why in \
             CHANGELOG.md), then run `cargo xtask check-version --bless-scoring`"
        )),
        (false, true) => problems.push(format!(
            "URAIKAL_VERSION changed to {version} but the scoring sources did not: a benchmark version moves only \
             when scoring moves (recorded {:?})",
            rv.unwrap_or_default()
        )),
        (false, false) => problems.push(format!(
            "URAIKAL_VERSION is {version} and the scoring sources changed: record the new pair with \
             `cargo xtask check-version --bless-scoring`"
        )),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny project with one crate, laid out like ours, in a temporary folder.
    fn project(crate_version: &str, internal_pin: &str, changelog: &str, uraikal_version: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("crates/uraikal-a/src")).unwrap();
        fs::create_dir_all(root.join("xtask")).unwrap();
        fs::write(
            root.join("Cargo.toml"),
            format!(
                "[workspace]\nmembers = [\"crates/uraikal-a\"]\n[workspace.package]\nversion = \"0.3.0\"\n\
                 [workspace.dependencies]\nuraikal-a = {{ path = \"crates/uraikal-a\", version = \"{internal_pin}\" }}\n"
            ),
        )
        .unwrap();
        fs::write(
            root.join("crates/uraikal-a/Cargo.toml"),
            format!("[package]\nname = \"uraikal-a\"\n{crate_version}\n"),
        )
        .unwrap();
        fs::write(
            root.join("crates/uraikal-a/src/lib.rs"),
            format!("//! a\npub const URAIKAL_VERSION: &str = \"{uraikal_version}\";\n"),
        )
        .unwrap();
        fs::write(
            root.join("crates/uraikal-a/src/score.rs"),
            "//! the rules\nfn rule() {}\n",
        )
        .unwrap();
        fs::write(root.join("CHANGELOG.md"), changelog).unwrap();
        fs::write(root.join(SOURCES), "crates/uraikal-a/src/score.rs\n").unwrap();
        dir
    }

    fn good() -> tempfile::TempDir {
        let dir = project("version.workspace = true", "=0.3.0", "# Changelog\n## 0.3.0\n", "1");
        bless(dir.path()).unwrap();
        dir
    }

    fn problems_of(root: &Path, tag: Option<&str>) -> String {
        match check_version_at(root, tag, false) {
            Ok(_) => String::new(),
            Err(e) => e.to_string(),
        }
    }

    /// The real tree: one version everywhere, and the scoring sources hash to the recorded URAIKAL_VERSION
    /// (a scoring change without a bump fails `cargo test`).
    #[test]
    fn this_project_passes_check_version() {
        if let Err(e) = check_version_at(&crate::project_root(), None, false) {
            panic!("{e:#}");
        }
    }

    #[test]
    fn a_consistent_project_passes_with_its_tag() {
        let dir = good();
        assert_eq!(problems_of(dir.path(), Some("v0.3.0")), "");
    }

    #[test]
    fn a_wrong_tag_fails() {
        let dir = good();
        assert!(problems_of(dir.path(), Some("v0.3.1")).contains("does not equal v0.3.0"));
    }

    #[test]
    fn a_crate_with_its_own_version_fails() {
        let dir = project("version = \"0.2.0\"", "=0.3.0", "## 0.3.0\n", "1");
        bless(dir.path()).unwrap();
        assert!(problems_of(dir.path(), None).contains("version.workspace = true"));
    }

    #[test]
    fn an_unpinned_internal_dependency_fails() {
        let dir = project("version.workspace = true", "0.3", "## 0.3.0\n", "1");
        bless(dir.path()).unwrap();
        assert!(problems_of(dir.path(), None).contains("expected \"=0.3.0\""));
    }

    #[test]
    fn a_missing_changelog_section_fails() {
        let dir = project("version.workspace = true", "=0.3.0", "## 0.2.0\n", "1");
        bless(dir.path()).unwrap();
        assert!(problems_of(dir.path(), None).contains("no `## 0.3.0` section"));
    }

    #[test]
    fn scoring_change_without_bump_fails_and_bump_without_change_fails() {
        let dir = good();
        let score = dir.path().join("crates/uraikal-a/src/score.rs");
        fs::write(&score, "//! the rules, changed\nfn rule() {}\n").unwrap();
        assert!(problems_of(dir.path(), None).contains("scoring sources changed but URAIKAL_VERSION is still 1"));

        let dir = good();
        let lib = dir.path().join("crates/uraikal-a/src/lib.rs");
        fs::write(&lib, "//! a\npub const URAIKAL_VERSION: &str = \"2\";\n").unwrap();
        assert!(problems_of(dir.path(), None).contains("the scoring sources did not"));
    }
}
