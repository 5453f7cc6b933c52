//! `cargo xtask release [--dry-run] [--no-test] X.Y.Z`: bump the version everywhere, run check-version, tidy
//! and the test suite, `cargo publish --dry-run` every crate in dependency order, and print the tag command.
//!
//! After the dry run every packaged `.crate` is checked against crates.io's 10 MB upload limit, which cargo
//! itself does not check (uraikal-d4, which embeds six tokenizers, is the largest at 8.3 MB).
//!
//! Publishing itself happens in CI when the tag is pushed (.github/workflows/release.yml, crates.io Trusted
//! Publishing, no token stored). With `--dry-run` every file this command changed is restored at the end.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::project_root;
use crate::version;

/// Files whose version lines the bump rewrites.
const VERSIONED: &[&str] = &["Cargo.toml", "CITATION.cff", "Cargo.lock", "crates/uraikal-py/Cargo.toml"];

pub fn release(args: &[String]) -> Result<()> {
    let dry_run = args.iter().any(|a| a == "--dry-run");
    let no_test = args.iter().any(|a| a == "--no-test");
    let new = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .context("usage: cargo xtask release [--dry-run] [--no-test] X.Y.Z")?
        .clone();
    if !is_semver(&new) {
        bail!("{new:?} is not a version of the form X.Y.Z");
    }
    let root = project_root();
    let old = version::workspace_version(&root)?;
    let backups: Vec<(PathBuf, String)> = VERSIONED
        .iter()
        .map(|f| root.join(f))
        .filter(|p| p.exists())
        .map(|p| fs::read_to_string(&p).map(|t| (p, t)))
        .collect::<std::io::Result<_>>()?;
    let result: Result<()> = (|| {
        if new != old {
            bump(&root, &old, &new)?;
        }
        version::check_version(Some(&format!("v{new}")), false)?;
        run(&root, "cargo", &["xtask", "tidy"])?;
        if !no_test {
            run(&root, "cargo", &["test", "--workspace"])?;
        }
        // `--workspace` publishes in dependency order (text → numbers → metrics → asr, d4, prep → cli) and
        // resolves the not-yet-published internal crates through a local overlay.
        let mut publish = vec!["publish", "--workspace", "--dry-run", "--allow-dirty"];
        publish.extend(["--exclude", "xtask"]);
        run(&root, "cargo", &publish)?;
        // The dry run keeps its .crate files in a scratch folder; `cargo package` (no second build) writes them
        // to target/package, where their sizes are checked.
        run(&root, "cargo", &["package", "--workspace", "--exclude", "xtask", "--no-verify", "--allow-dirty"])?;
        let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
        for line in check_crate_sizes(&target.join("package"), &new)? {
            println!("{line}");
        }
        // The Python package (issue 24): the Linux wheel, installed into a fresh venv and tested there.
        let wheel = crate::wheel::build_and_test(&root, !no_test)?;
        println!("{}", crate::wheel::size_line(&wheel)?);
        Ok(())
    })();
    if dry_run {
        for (path, text) in &backups {
            fs::write(path, text)?;
        }
        println!("release --dry-run: files restored");
    }
    result?;
    let tests = if no_test { "tests skipped (--no-test)" } else { "tests passed" };
    println!("release {new}: checks and `cargo publish --dry-run` passed, packages under 10 MB; {tests}.");
    if dry_run {
        println!("To release for real: cargo xtask release {new}");
    } else {
        println!("Now commit and push the tag; CI publishes to crates.io:");
    }
    println!("  git commit -am \"Release v{new}\" && git tag v{new} && git push origin main v{new}");
    Ok(())
}

/// crates.io refuses a `.crate` file over 10 MB (its upload limit); `cargo publish --dry-run` does not check.
const CRATES_IO_LIMIT: u64 = 10_000_000;

/// The size of every packaged `.crate` of `version` in `dir` (target/package), failing if one is over
/// crates.io's limit or none was packaged.
fn check_crate_sizes(dir: &Path, version: &str) -> Result<Vec<String>> {
    let suffix = format!("-{version}.crate");
    let mut lines = Vec::new();
    let mut too_big = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !name.ends_with(&suffix) {
            continue;
        }
        let size = fs::metadata(&path)?.len();
        lines.push(format!("  {name}: {:.2} MB", size as f64 / 1e6));
        if size > CRATES_IO_LIMIT {
            too_big.push(name.to_string());
        }
    }
    if lines.is_empty() {
        bail!("no *{suffix} in {}: did `cargo publish --dry-run` run?", dir.display());
    }
    if !too_big.is_empty() {
        bail!("over crates.io's 10 MB limit: {}\n{}", too_big.join(", "), lines.join("\n"));
    }
    lines.insert(0, format!("packaged crates (crates.io limit {} MB):", CRATES_IO_LIMIT / 1_000_000));
    Ok(lines)
}

fn is_semver(v: &str) -> bool {
    let parts: Vec<&str> = v.split('.').collect();
    parts.len() == 3 && parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Rewrites the workspace version, every internal `=X.Y.Z` pin, CITATION.cff and the lock file's entries.
fn bump(root: &Path, old: &str, new: &str) -> Result<()> {
    let cargo = root.join("Cargo.toml");
    let text = fs::read_to_string(&cargo)?;
    let mut out = String::new();
    let mut in_package = false;
    for line in text.lines() {
        if line.starts_with('[') {
            in_package = line.trim() == "[workspace.package]";
        }
        let l = if in_package && line.trim_start().starts_with("version") {
            line.replace(&format!("\"{old}\""), &format!("\"{new}\""))
        } else if line.starts_with("uraikal-") {
            line.replace(&format!("\"={old}\""), &format!("\"={new}\""))
        } else {
            line.to_string()
        };
        out.push_str(&l);
        out.push('\n');
    }
    fs::write(&cargo, out)?;
    let python = root.join("crates/uraikal-py/Cargo.toml");
    if python.exists() {
        let t = fs::read_to_string(&python)?;
        let t = t.replacen(&format!("version = \"{old}\""), &format!("version = \"{new}\""), 1);
        fs::write(&python, t)?;
    }
    let cff = root.join("CITATION.cff");
    if cff.exists() {
        let t = fs::read_to_string(&cff)?;
        let t: Vec<String> = t
            .lines()
            .map(|l| if l.starts_with("version:") { format!("version: {new}") } else { l.to_string() })
            .collect();
        fs::write(&cff, t.join("\n") + "\n")?;
    }
    let lock = root.join("Cargo.lock");
    if lock.exists() {
        // Only our own packages: a `name = "uraikal-…"` or `name = "xtask"` line followed by its version.
        let t = fs::read_to_string(&lock)?;
        let mut out = String::new();
        let mut ours = false;
        for line in t.lines() {
            if line.starts_with("name = ") {
                ours = line.contains("\"uraikal-") || line == "name = \"xtask\"";
            }
            if ours && line == format!("version = \"{old}\"") {
                out.push_str(&format!("version = \"{new}\"\n"));
            } else {
                out.push_str(line);
                out.push('\n');
            }
        }
        fs::write(&lock, out)?;
    }
    println!("bumped {old} -> {new} in Cargo.toml, CITATION.cff, Cargo.lock, crates/uraikal-py/Cargo.toml");
    Ok(())
}

fn run(root: &Path, program: &str, args: &[&str]) -> Result<()> {
    println!("$ {program} {}", args.join(" "));
    let status = Command::new(program).args(args).current_dir(root).status()?;
    if !status.success() {
        bail!("`{program} {}` failed ({status})", args.join(" "));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{check_crate_sizes, is_semver};

    #[test]
    fn versions_must_be_three_numbers() {
        assert!(is_semver("0.1.0"));
        assert!(is_semver("12.0.3"));
        for bad in ["0.1", "v0.1.0", "0.1.0-rc1", "a.b.c", "1..2"] {
            assert!(!is_semver(bad), "{bad}");
        }
    }

    #[test]
    fn a_crate_over_the_limit_fails() {
        let dir = tempfile::tempdir().unwrap();
        let put = |name: &str, len: u64| std::fs::File::create(dir.path().join(name)).unwrap().set_len(len).unwrap();
        put("uraikal-text-0.1.0.crate", 200_000);
        put("uraikal-d4-0.0.9.crate", 20_000_000); // another version: not this release's
        let lines = check_crate_sizes(dir.path(), "0.1.0").unwrap();
        assert_eq!(lines[1], "  uraikal-text-0.1.0.crate: 0.20 MB");
        put("uraikal-d4-0.1.0.crate", 10_000_001);
        let error = check_crate_sizes(dir.path(), "0.1.0").unwrap_err().to_string();
        assert!(error.contains("over crates.io's 10 MB limit: uraikal-d4-0.1.0.crate"), "{error}");
        assert!(check_crate_sizes(dir.path(), "9.9.9").is_err(), "nothing packaged is an error");
    }
}
