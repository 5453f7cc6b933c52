//! `uraikal tasks` end to end (issue 22): list, generate (atomic, deterministic), score (per entry and per
//! family), and bad input (exit 2 naming the file and line, never a panic, no output file).

use std::path::Path;
use std::process::Output;

fn uraikal(args: &[&str]) -> Output {
    super::uraikal().args(args).output().expect("run uraikal")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn generate(dir: &Path, family: &str, n: &str, extra: &[&str]) -> String {
    let out = dir.join(format!("{family}.jsonl"));
    let mut args = vec!["tasks", "generate", family, "--n", n, "--seed", "7", "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let output = uraikal(&args);
    assert!(output.status.success(), "{}", text(&output.stderr));
    std::fs::read_to_string(out).unwrap()
}

#[test]
fn list_names_at_least_fifteen_families() {
    let output = uraikal(&["tasks", "list", "--json"]);
    assert!(output.status.success());
    let list: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    assert!(list.len() >= 15);
    assert!(list.iter().all(|f| f["name"].is_string() && f["accepts"].is_string()));
    let table = text(&uraikal(&["tasks", "list"]).stdout);
    assert!(table.contains("letters.count") && table.contains("numerals.read"));
}

#[test]
fn generate_is_deterministic_and_scores_its_own_answers_one() {
    let dir = tempfile::tempdir().unwrap();
    let ten = generate(dir.path(), "letters.lengths", "10", &[]);
    let a = generate(dir.path(), "letters.lengths", "50", &[]);
    assert_eq!(a, generate(dir.path(), "letters.lengths", "50", &[]));
    assert_eq!(a.lines().count(), 50);
    // The fields in the documented order.
    let first = a.lines().next().unwrap();
    let at: Vec<usize> = ["\"id\":", "\"family\":", "\"question\":", "\"answer\":", "\"metadata\":"]
        .iter()
        .map(|k| first.find(k).unwrap())
        .collect();
    assert!(at.windows(2).all(|p| p[0] < p[1]), "{first}");
    // The first 10 entries of a run of 50 are the run of 10.
    assert!(a.starts_with(&ten));

    let tasks = dir.path().join("letters.lengths.jsonl");
    let answers = dir.path().join("answers.jsonl");
    let mut lines = String::new();
    for (i, line) in a.lines().enumerate() {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap();
        // Half right, a quarter wrong, a quarter unanswered.
        let answer = match i % 4 {
            0 | 1 => entry["answer"].as_str().unwrap().to_string(),
            2 => "குறில்".to_string(),
            _ => continue,
        };
        lines.push_str(&serde_json::json!({"id": entry["id"], "answer": answer}).to_string());
        lines.push('\n');
    }
    std::fs::write(&answers, lines).unwrap();
    let output = uraikal(&["tasks", "score", tasks.to_str().unwrap(), answers.to_str().unwrap(), "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let rows: Vec<serde_json::Value> = text(&output.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 51);
    let ones = rows[..50].iter().filter(|r| r["score"] == 1.0).count();
    assert!(ones >= 25, "{ones}");
    assert_eq!(rows[50]["family"], "letters.lengths");
    assert_eq!(rows[50]["entries"], 50);
    assert_eq!(rows[50]["answered"], 38);
    let table = text(&uraikal(&["tasks", "score", tasks.to_str().unwrap(), answers.to_str().unwrap()]).stdout);
    assert!(table.contains("letters.lengths") && table.contains("mean"));
}

#[test]
fn difficulty_language_and_config() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.json");
    std::fs::write(&config, r#"{"difficulty": "easy", "max_number": 50}"#).unwrap();
    let a = generate(dir.path(), "numbers.written", "40", &["--config", config.to_str().unwrap(), "--lang", "en"]);
    for line in a.lines() {
        let e: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(e["metadata"]["number"].as_u64().unwrap() <= 50);
        assert!(e["question"].as_str().unwrap().starts_with("Write this number"));
    }
    // A misspelt knob is an error naming the file.
    std::fs::write(&config, r#"{"dificulty": "easy"}"#).unwrap();
    let out = dir.path().join("never.jsonl");
    let output = uraikal(&[
        "tasks",
        "generate",
        "numbers.written",
        "--config",
        config.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("config.json"), "{}", text(&output.stderr));
    assert!(!out.exists());
}

#[test]
fn bad_input_exits_two_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("never.jsonl");
    let output = uraikal(&["tasks", "generate", "no.such.family", "--n", "3", "--out", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let err = text(&output.stderr);
    assert!(err.contains("no.such.family") && err.contains("numbers.spoken") && !err.contains("panick"), "{err}");
    assert!(!out.exists());

    generate(dir.path(), "numbers.spoken", "3", &[]);
    let tasks = dir.path().join("numbers.spoken.jsonl");
    let answers = dir.path().join("answers.jsonl");
    for (content, expected) in [
        ("{\"id\": \"numbers.spoken-7-0\", \"answer\": \"x\"}\nnot json\n", "answers.jsonl:2"),
        ("{\"answer\": \"x\"}\n", "answers.jsonl:1"),
        ("{\"id\": \"numbers.spoken-7-0\"}\n", "answers.jsonl:1"),
        ("{\"id\": \"nope\", \"answer\": \"x\"}\n", "answers.jsonl:1"),
        ("{\"id\": \"numbers.spoken-7-0\", \"answer\": \"x\"}\n{\"id\": \"numbers.spoken-7-0\", \"answer\": \"y\"}\n", "answers.jsonl:2"),
    ] {
        std::fs::write(&answers, content).unwrap();
        let output = uraikal(&["tasks", "score", tasks.to_str().unwrap(), answers.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{content}");
        assert!(text(&output.stderr).contains(expected), "{content}: {}", text(&output.stderr));
        assert!(output.stdout.is_empty());
    }
    // A tasks file naming an unknown family.
    let bad_tasks = dir.path().join("bad_tasks.jsonl");
    let line = std::fs::read_to_string(&tasks)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .replace("\"family\":\"numbers.spoken\"", "\"family\":\"no.such\"");
    std::fs::write(&bad_tasks, format!("{line}\n")).unwrap();
    std::fs::write(&answers, "").unwrap();
    let output = uraikal(&["tasks", "score", bad_tasks.to_str().unwrap(), answers.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("bad_tasks.jsonl:1"), "{}", text(&output.stderr));
}
