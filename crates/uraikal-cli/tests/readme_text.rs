//! The `uraikal text` examples of README.md run as written, plus the stdin behaviour (line by line, invalid
//! UTF-8 → exit 2 naming the byte offset).

use std::io::Write;
use std::process::{Command, Stdio};

fn uraikal() -> Command {
    Command::new(env!("CARGO_BIN_EXE_uraikal"))
}

/// The README section of the text area.
fn readme_section() -> String {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).expect("README.md");
    let start = readme
        .find("<!-- --- area: text (issue 2) --- -->")
        .expect("text marker in README.md");
    let rest = &readme[start + 1..];
    let end = rest.find("<!-- --- area:").unwrap_or(rest.len());
    rest[..end].to_string()
}

/// Splits a command line into words; double quotes group words (no escapes in the README's examples).
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut current));
                    any = false;
                }
            }
            _ => {
                current.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(current);
    }
    words
}

#[test]
fn readme_examples_run_as_written() {
    let section = readme_section();
    let block_start = section
        .find("```sh\n")
        .expect("a sh block in the README's text section")
        + 6;
    let block = &section[block_start..];
    let block = &block[..block.find("```").expect("closed sh block")];
    let mut examples: Vec<(String, String)> = Vec::new();
    for line in block.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push((command.to_string(), String::new()));
        } else if let Some((_, expected)) = examples.last_mut() {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    assert!(examples.len() >= 5, "README text examples: {examples:?}");
    for (command, expected) in examples {
        let args = words(&command);
        assert_eq!(args[0], "uraikal");
        let output = uraikal().args(&args[1..]).output().unwrap();
        assert!(
            output.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(String::from_utf8(output.stdout).unwrap(), expected, "{command}");
    }
}

fn with_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = uraikal()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn stdin_is_read_line_by_line() {
    let output = with_stdin(&["text", "normalize"], "Hello, World!\n௨௦௨௪\n\nA.B\n".as_bytes());
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "hello world\n2024\n\na b\n");
    let output = with_stdin(&["text", "clean", "-", "--json"], "ெகாடு\nேகாயில்\n".as_bytes());
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "[\"கொடு\",\"கோயில்\"]\n");
    let output = with_stdin(&["text", "letters", "--json"], "தமிழ்\n".as_bytes());
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "[\"த\",\"மி\",\"ழ்\"]\n");
}

#[test]
fn invalid_utf8_on_stdin_is_exit_2_naming_the_offset() {
    for command in ["letters", "length", "clean", "normalize", "share"] {
        let output = with_stdin(&["text", command], b"ok \xff\xfe bad");
        assert_eq!(output.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("offset 3") && !stderr.contains("panick"),
            "{command}: {stderr}"
        );
    }
}
