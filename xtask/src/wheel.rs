//! `cargo xtask wheel [--no-test]` (issue 24): build the Linux wheel of the Python package (crates/uraikal-py)
//! with maturin, install it into a fresh venv with nothing else of the project, run the Python tests and the
//! doctests against it, and report its size (over 25 MB fails). `cargo xtask release` runs it after the crate
//! dry run. Everything lives under target/: target/wheel-tools (maturin), target/wheels (the wheel),
//! target/wheel-venv (the fresh venv, made anew each run).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::project_root;

/// The wheel must stay under this (issue 24); PyPI's default file limit is 100 MB.
pub const MAX_WHEEL_BYTES: u64 = 25_000_000;

pub fn run(args: &[String]) -> Result<()> {
    let no_test = args.iter().any(|a| a == "--no-test");
    let wheel = build_and_test(&project_root(), !no_test)?;
    println!("{}", size_line(&wheel)?);
    Ok(())
}

/// Builds the wheel, checks its size, and (with `test`) installs it into a fresh venv and runs pytest there.
pub fn build_and_test(root: &Path, test: bool) -> Result<PathBuf> {
    let target = root.join("target");
    let tools = target.join("wheel-tools");
    if !tools.join("bin/maturin").exists() {
        step(root, "python3", &["-m", "venv", path(&tools)?])?;
        step(root, path(&tools.join("bin/pip"))?, &["install", "-q", "maturin>=1.7,<2"])?;
    }
    let out = target.join("wheels");
    let _ = fs::remove_dir_all(&out);
    let manifest = root.join("crates/uraikal-py/Cargo.toml");
    step(
        root,
        path(&tools.join("bin/maturin"))?,
        &["build", "--release", "-m", path(&manifest)?, "--out", path(&out)?],
    )?;
    let wheel = fs::read_dir(&out)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .context("maturin built no .whl")?;
    let size = fs::metadata(&wheel)?.len();
    if size > MAX_WHEEL_BYTES {
        bail!("{} is {:.1} MB: over the 25 MB limit", wheel.display(), size as f64 / 1e6);
    }
    if test {
        let venv = target.join("wheel-venv");
        let _ = fs::remove_dir_all(&venv);
        step(root, "python3", &["-m", "venv", path(&venv)?])?;
        let pip = venv.join("bin/pip");
        // Only the wheel and the test tools: tokenizers for the D4 tests (the tokenizer objects users pass), mypy
        // for test_typed.py (the typed stubs as installed).
        step(root, path(&pip)?, &["install", "-q", path(&wheel)?, "pytest", "tokenizers", "mypy"])?;
        let py = venv.join("bin/python");
        let tests = root.join("crates/uraikal-py/tests");
        step(
            &target,
            path(&py)?,
            &[
                "-m",
                "pytest",
                "-q",
                path(&tests.join("test_uraikal.py"))?,
                path(&tests.join("test_tracks.py"))?,
                path(&tests.join("test_typed.py"))?,
            ],
        )?;
        // The docstring examples, against the installed package (not the source tree).
        let installed =
            Command::new(&py).args(["-c", "import os, uraikal; print(os.path.dirname(uraikal.__file__))"]).output()?;
        let package = String::from_utf8(installed.stdout)?.trim().to_string();
        step(
            &target,
            path(&py)?,
            &[
                "-m",
                "pytest",
                "-q",
                "--doctest-modules",
                &package,
                "--ignore",
                &format!("{package}/datatrove.py"),
                "--ignore",
                &format!("{package}/tasks.py"),
            ],
        )?;
    }
    Ok(wheel)
}

/// "wheel: NAME, N.N MB (limit 25 MB)".
pub fn size_line(wheel: &Path) -> Result<String> {
    let size = fs::metadata(wheel)?.len();
    let name = wheel.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    Ok(format!("wheel: {name}, {:.1} MB (limit 25 MB)", size as f64 / 1e6))
}

fn path(p: &Path) -> Result<&str> {
    p.to_str().with_context(|| format!("{} is not UTF-8", p.display()))
}

fn step(dir: &Path, program: &str, args: &[&str]) -> Result<()> {
    println!("$ {program} {}", args.join(" "));
    let status = Command::new(program).args(args).current_dir(dir).status().with_context(|| program.to_string())?;
    if !status.success() {
        bail!("`{program} {}` failed ({status})", args.join(" "));
    }
    Ok(())
}
