//! `uraikal transcribe` and `uraikal merge-hyps`, run as a user would. The whisper.cpp path uses
//! whisper.cpp's weightless test model from ../shared (read in place; it loads, runs and yields empty
//! transcripts); a real model is used only when URAIKAL_WHISPER_MODEL points at one.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

fn uraikal(args: &[&str], cwd: &Path) -> Output {
    crate::uraikal().args(args).current_dir(cwd).output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/audio").join(name).display().to_string()
}

/// A manifest of the espeak-ng clips in three formats, with their sentences as references.
fn write_manifest(dir: &Path) -> PathBuf {
    let rows = [
        ("kural_0001", fixture("kural_0001_44k_stereo.mp3"), "அகர முதல எழுத்தெல்லாம் ஆதி பகவன் முதற்றே உலகு."),
        ("prose_0001", fixture("prose_0001.wav"), "இன்று காலை பத்து மணிக்கு சென்னையில் மழை பெய்தது."),
        ("num_0001", fixture("num_0001.wav"), "இந்த புத்தகத்தின் விலை இருநூற்று ஐம்பது ரூபாய்."),
    ];
    let mut text = String::new();
    for (id, audio, sentence) in rows {
        let row = serde_json::json!({ "id": id, "audio": audio, "text": sentence, "slice": "espeak" });
        text.push_str(&format!("{row}\n"));
    }
    let path = dir.join("a1_espeak.jsonl");
    fs::write(&path, text).unwrap();
    path
}

#[cfg_attr(not(feature = "whisper"), allow(dead_code))]
fn lines(path: &Path) -> Vec<serde_json::Value> {
    fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn merge_hyps_reports_gaps_and_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = write_manifest(dir.path());
    fs::write(
        dir.path().join("s1.jsonl"),
        "{\"id\":\"num_0001\",\"hyp\":\"b\"}\n{\"id\":\"kural_0001\",\"hyp\":\"a\"}\n",
    )
    .unwrap();
    fs::write(dir.path().join("s2.jsonl"), "{\"id\":\"kural_0001\",\"hyp\":\"a\"}\n").unwrap();
    let out = uraikal(
        &["merge-hyps", "s1.jsonl", "s2.jsonl", "--out", "all.jsonl", "--manifest", manifest.to_str().unwrap()],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("1 manifest ids have no hypothesis") && err.contains("\"prose_0001\""), "{err}");
    assert!(err.contains("duplicate (same hypothesis) for id \"kural_0001\" at s1.jsonl:2, s2.jsonl:1"), "{err}");
    assert_eq!(
        fs::read_to_string(dir.path().join("all.jsonl")).unwrap(),
        "{\"id\":\"kural_0001\",\"hyp\":\"a\"}\n{\"id\":\"num_0001\",\"hyp\":\"b\"}\n",
        "manifest order"
    );
    let out = uraikal(&["merge-hyps", "s1.jsonl", "--out", "one.jsonl"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[cfg(not(feature = "whisper"))]
#[test]
fn without_whisper_transcribe_says_how_to_enable_it() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = write_manifest(dir.path());
    let out = uraikal(
        &["transcribe", "--manifest", manifest.to_str().unwrap(), "--model", "m.bin", "--out", "hyps/x.jsonl"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--features whisper"), "{}", stderr(&out));
    assert!(!dir.path().join("hyps").exists(), "no output without a model");
}

#[cfg(feature = "whisper")]
mod whisper {
    use super::*;

    fn test_model() -> Option<String> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/data/asr/whispercpp-test-models/for-tests-ggml-tiny.bin");
        if path.is_file() {
            Some(path.display().to_string())
        } else {
            eprintln!(
                "SKIPPED: ../shared/data/asr/whispercpp-test-models/for-tests-ggml-tiny.bin absent; the whisper.cpp \
                 transcription path was NOT tested"
            );
            None
        }
    }

    fn transcribe(dir: &Path, manifest: &Path, model: &str, out: &str, extra: &[&str]) -> Output {
        let mut args = vec!["transcribe", "--manifest", manifest.to_str().unwrap(), "--model", model, "--out", out];
        args.extend_from_slice(&["--threads", "2"]);
        args.extend_from_slice(extra);
        uraikal(&args, dir)
    }

    fn sidecar(path: &Path) -> serde_json::Value {
        serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
    }

    /// One test for the whole path, because every utterance costs a full whisper.cpp encoder pass.
    #[test]
    fn transcribe_resume_shard_merge_and_score() {
        let Some(model) = test_model() else { return };
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let manifest = write_manifest(d);

        // A whole run: one line per utterance, in manifest order; the test model hears nothing.
        let out = transcribe(d, &manifest, &model, "hyps/all.jsonl", &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let all = fs::read_to_string(d.join("hyps/all.jsonl")).unwrap();
        let rows = lines(&d.join("hyps/all.jsonl"));
        let ids: Vec<&str> = rows.iter().map(|r| r["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["kural_0001", "prose_0001", "num_0001"]);
        assert!(rows.iter().all(|r| r["hyp"] == ""), "{all}");
        let meta = sidecar(&d.join("hyps/all.meta.json"));
        assert_eq!(meta["model"]["sha256"].as_str().unwrap().len(), 64);
        assert_eq!(meta["decoding"]["strategy"], "greedy");
        assert_eq!(meta["decoding"]["language"], "ta");
        assert_eq!(meta["decoding"]["temperature_fallback"], true);
        assert_eq!(meta["decoding"]["no_speech_threshold"], 0.6);
        assert_eq!(meta["decoding"]["logprob_threshold"], -1.0);
        assert_eq!(meta["decoding"]["initial_prompt"], serde_json::Value::Null);
        assert_eq!(meta["this_run"]["utterances"], 3);
        assert!(meta["total"]["rtf"].as_f64().unwrap() > 0.0);
        assert!(meta["total"]["audio_seconds"].as_f64().unwrap() > 9.0);

        // An interrupted run: two lines and a cut third. The rerun repairs it and does only the third.
        let kept: Vec<&str> = all.lines().take(2).collect();
        fs::write(d.join("hyps/all.jsonl"), format!("{}\n{{\"id\": \"num_0", kept.join("\n"))).unwrap();
        let out = transcribe(d, &manifest, &model, "hyps/all.jsonl", &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stderr(&out).contains("removed a partial line"), "{}", stderr(&out));
        assert_eq!(fs::read_to_string(d.join("hyps/all.jsonl")).unwrap(), all);
        let meta = sidecar(&d.join("hyps/all.meta.json"));
        assert_eq!((meta["this_run"]["utterances"].as_u64(), meta["total"]["utterances"].as_u64()), (Some(1), Some(4)));

        // A finished file is never redone, and other settings may not be mixed into it.
        let out = transcribe(d, &manifest, &model, "hyps/all.jsonl", &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(sidecar(&d.join("hyps/all.meta.json"))["this_run"]["utterances"], 0);
        let out = transcribe(d, &manifest, &model, "hyps/all.jsonl", &["--beam-size", "4"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("was written with other settings"), "{}", stderr(&out));

        // Two shards, merged, give the same file as the whole run.
        for shard in ["1/2", "2/2"] {
            let name = format!("hyps/part{}.jsonl", &shard[..1]);
            let out = transcribe(d, &manifest, &model, &name, &["--shard", shard]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        }
        assert_eq!(lines(&d.join("hyps/part1.jsonl")).len(), 2);
        assert_eq!(lines(&d.join("hyps/part2.jsonl")).len(), 1);
        let out = uraikal(
            &[
                "merge-hyps",
                "hyps/part2.jsonl",
                "hyps/part1.jsonl",
                "--manifest",
                manifest.to_str().unwrap(),
                "--out",
                "hyps/merged.jsonl",
            ],
            d,
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(fs::read_to_string(d.join("hyps/merged.jsonl")).unwrap(), all);

        // The file scores.
        let out = uraikal(
            &[
                "score",
                "--manifest",
                manifest.to_str().unwrap(),
                "--hyp",
                "hyps/all.jsonl",
                "--system",
                "test-model",
                "--out",
                "r.json",
            ],
            d,
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }

    #[test]
    fn bad_audio_is_counted_and_retried_not_written() {
        let Some(model) = test_model() else { return };
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::write(d.join("notes.mp3"), "not audio\n".repeat(50)).unwrap();
        fs::write(d.join("m.jsonl"), "{\"id\":\"bad\",\"audio\":\"notes.mp3\",\"text\":\"ஒன்று\",\"slice\":\"x\"}\n")
            .unwrap();
        let out = transcribe(d, &d.join("m.jsonl"), &model, "h.jsonl", &[]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("skipped \"bad\"") && err.contains("notes.mp3: unsupported audio"), "{err}");
        assert!(err.contains("1 of 1 utterances could not be transcribed"), "{err}");
        assert_eq!(fs::read_to_string(d.join("h.jsonl")).unwrap(), "");
        assert_eq!(sidecar(&d.join("h.meta.json"))["failures"][0]["id"], "bad");
    }

    #[test]
    fn bad_models_and_settings_are_clear_errors() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let manifest = write_manifest(d);
        fs::write(d.join("fake.bin"), "not a model").unwrap();
        let out = transcribe(d, &manifest, "fake.bin", "h.jsonl", &[]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("fake.bin: not a loadable ggml Whisper model"), "{}", stderr(&out));
        let out = transcribe(d, &manifest, "absent.bin", "h.jsonl", &[]);
        assert!(stderr(&out).contains("absent.bin: no such model file or folder"), "{}", stderr(&out));
        let out = transcribe(d, &manifest, "fake.bin", "h.jsonl", &["--language", "xx"]);
        assert!(stderr(&out).contains("\"xx\" is not a Whisper language code"), "{}", stderr(&out));
    }

    /// Needs real weights: runs only when URAIKAL_WHISPER_MODEL points at a multilingual ggml model.
    #[test]
    fn a_real_model_hears_tamil() {
        let Ok(model) = std::env::var("URAIKAL_WHISPER_MODEL") else {
            eprintln!(
                "SKIPPED: URAIKAL_WHISPER_MODEL is not set, so no real Whisper model transcribed anything \
                 (set it to e.g. ggml-large-v3-turbo.bin to run this test)"
            );
            return;
        };
        let dir = tempfile::tempdir().unwrap();
        let manifest = write_manifest(dir.path());
        let out = transcribe(dir.path(), &manifest, &model, "h.jsonl", &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        for row in lines(&dir.path().join("h.jsonl")) {
            let hyp = row["hyp"].as_str().unwrap();
            assert!(uraikal_text::tamil_share(hyp) > 0.5, "{}: {hyp:?} is not Tamil", row["id"]);
        }
    }
}
