//! `cargo xtask release [--dry-run] [--no-test] X.Y.Z`: bump the version everywhere, run check-version, tidy
//! and the test suite, `cargo publish --dry-run` every crate in dependency order, and print the tag command.
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
        Ok(())
    })();
    if dry_run {
        for (path, text) in &backups {
            fs::write(path, text)?;
        }
        println!("release --dry-run: files restored");
    }
    result?;
    println!("release {new}: checks, tests and `cargo publish --dry-run` passed.");
    if dry_run {
        println!("To release for real: cargo xtask release {new}");
    } else {
        println!("Now commit and push the tag; CI publishes to crates.io:");
    }
    println!("  git commit -am \"Release v{new}\" && git tag v{new} && git push origin main v{new}");
    Ok(())
}

fn is_semver(v: &str) -> bool {
    let parts: Vec<&str> = v.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
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
            .map(|l| {
                if l.starts_with("version:") {
                    format!("version: {new}")
                } else {
                    l.to_string()
                }
            })
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
    use super::is_semver;

    #[test]
    fn versions_must_be_three_numbers() {
        assert!(is_semver("0.1.0"));
        assert!(is_semver("12.0.3"));
        for bad in ["0.1", "v0.1.0", "0.1.0-rc1", "a.b.c", "1..2"] {
            assert!(!is_semver(bad), "{bad}");
        }
    }
}
