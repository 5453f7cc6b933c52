//! Integration tests of `uraikal-prep`: the A1 readers on the look-alike layouts (read in place from
//! ../shared) and on small corpora built here with known problems, and D4 sampling on the generated Parquet
//! fixture (checked fresh) and on the golden docs.parquet.

use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A folder of ../shared (beside the workspace), or None after saying clearly that the test did not run.
fn shared(relative: &str) -> Option<PathBuf> {
    let path = workspace().join("../shared").join(relative);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("SKIPPED: ../shared/{relative} absent; this test did not run");
        None
    }
}

/// Writes a 16 kHz mono WAV of `samples` samples.
fn wav(path: &Path, samples: usize) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 16_000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(path, spec).unwrap();
    for i in 0..samples {
        w.write_sample(((i * 37) % 2000) as i16).unwrap();
    }
    w.finalize().unwrap();
}

/// The fixture generator, compiled in so that a test can check the committed fixture is fresh.
#[allow(dead_code)]
#[path = "../examples/gen_fixtures.rs"]
mod generator;

mod a1 {
    use super::*;
    use uraikal_prep::a1::{prepare, report_path, Corpus, ManifestRow, Options, Summary};
    use uraikal_prep::ErrorKind;

    fn run(corpus: Corpus, dir: &Path, out: &Path, strict: bool) -> Result<Summary, uraikal_prep::Error> {
        prepare(corpus, &Options { dir: Some(dir.to_path_buf()), manifest: out.join("a1.jsonl"), strict })
    }

    fn rows(out: &Path) -> Vec<ManifestRow> {
        let text = std::fs::read_to_string(out.join("a1.jsonl")).unwrap();
        text.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                ManifestRow {
                    id: v["id"].as_str().unwrap().into(),
                    audio: v["audio"].as_str().unwrap().into(),
                    text: v["text"].as_str().unwrap().into(),
                    slice: v["slice"].as_str().unwrap().into(),
                    duration: v["duration"].as_f64().unwrap(),
                }
            })
            .collect()
    }

    /// The manifest with audio paths shown relative to the layouts (`<layouts>/…`) or the output (`<out>/…`),
    /// so that the snapshot does not depend on where the checkout is.
    fn portable(out: &Path, layouts: &Path) -> Vec<ManifestRow> {
        let layouts = layouts.canonicalize().unwrap();
        let out_abs = out.canonicalize().unwrap();
        rows(out)
            .into_iter()
            .map(|mut r| {
                let audio = out.join(&r.audio).canonicalize().expect("audio path resolves from the manifest");
                r.audio = if let Ok(p) = audio.strip_prefix(&layouts) {
                    format!("<layouts>/{}", p.display())
                } else {
                    format!("<out>/{}", audio.strip_prefix(&out_abs).unwrap().display())
                };
                r
            })
            .collect()
    }

    /// Each layout, given as its root and as its inner folder, gives the same manifest (snapshot).
    #[test]
    fn look_alike_layouts() {
        let Some(layouts) = shared("data/layouts") else { return };
        for (corpus, dirs) in [
            (Corpus::Fleurs, ["fleurs", "fleurs/data/ta_in"]),
            (Corpus::Kathbath, ["kathbath", "kathbath/kb_data_clean_m4a/tamil"]),
            (Corpus::CommonVoice, ["common_voice", "common_voice/cv-corpus-17.0-2024-03-15/ta"]),
        ] {
            let mut seen = Vec::new();
            for dir in dirs {
                let out = tempfile::tempdir().unwrap();
                let summary = run(corpus, &layouts.join(dir), out.path(), true)
                    .unwrap_or_else(|e| panic!("{} from {dir}: {e}", corpus.name()));
                assert_eq!(summary.skipped, 0);
                seen.push(portable(out.path(), &layouts));
                assert!(report_path(&out.path().join("a1.jsonl")).is_file());
            }
            assert_eq!(seen[0], seen[1], "{}: root and inner folder differ", corpus.name());
            insta::assert_json_snapshot!(format!("layout_{}", corpus.name()), seen[0]);
        }
    }

    /// FLEURS audio is extracted once; a second run keeps the files and writes the same manifest.
    #[test]
    fn fleurs_extraction_is_stable() {
        let Some(fleurs) = shared("data/layouts/fleurs") else { return };
        let out = tempfile::tempdir().unwrap();
        let first = run(Corpus::Fleurs, &fleurs, out.path(), false).unwrap();
        let bytes = std::fs::read(out.path().join("a1.jsonl")).unwrap();
        let second = run(Corpus::Fleurs, &fleurs, out.path(), false).unwrap();
        assert_eq!(bytes, std::fs::read(out.path().join("a1.jsonl")).unwrap());
        assert!(first.notes.iter().any(|n| n.contains("3 written")), "{:?}", first.notes);
        assert!(second.notes.iter().any(|n| n.contains("3 already there")), "{:?}", second.notes);
    }

    /// A Common Voice folder with one of each problem: every one is counted with its line, the good
    /// utterances are written, and --strict refuses.
    #[test]
    fn problems_are_counted_not_dropped() {
        let corpus = tempfile::tempdir().unwrap();
        let ta = corpus.path().join("cv-corpus-27.0-2026-09-01/ta");
        let header = "client_id\tpath\tsentence_id\tsentence\tup_votes\n";
        let lines = [
            "c\tgood_1.mp3\ts\tஅகர முதல \"எழுத்து\"\t2",
            "c\tgood_2.mp3\ts\tஆதி பகவன்\t2",
            "c\tmissing.mp3\ts\tமுதற்றே உலகு\t2",
            "c\tbroken.mp3\ts\tகற்றதனால்\t2",
            "c\tpunct.mp3\ts\t. . ?\t2",
            "c\tgood_1.mp3\ts\tஅகர முதல\t2",
            "c\tshort_line.mp3\ts",
        ];
        std::fs::create_dir_all(ta.join("clips")).unwrap();
        std::fs::write(ta.join("test.tsv"), format!("{header}{}\n", lines.join("\n"))).unwrap();
        // WAV bytes under .mp3 names: the prober goes by content, so the listing logic is what is tested.
        for name in ["good_1", "good_2", "punct"] {
            wav(&ta.join(format!("clips/{name}.mp3")), 16_000);
        }
        std::fs::write(ta.join("clips/broken.mp3"), b"not audio at all").unwrap();

        let out = tempfile::tempdir().unwrap();
        let summary = run(Corpus::CommonVoice, corpus.path(), out.path(), false).unwrap();
        let got: Vec<(&str, usize)> = summary.problems.iter().map(|p| (p.kind, p.count)).collect();
        assert_eq!(
            got,
            [("bad_line", 1), ("duplicate_id", 1), ("empty_text", 1), ("missing_audio", 1), ("unreadable_audio", 1)]
        );
        assert!(summary.problems[0].examples[0].contains("test.tsv:8"), "{:?}", summary.problems[0]);
        assert_eq!((summary.listed, summary.utterances, summary.skipped), (6, 2, 4));
        let written = rows(out.path());
        assert_eq!(written[0].text, "அகர முதல \"எழுத்து\"", "quotes are text, not TSV quoting");
        assert_eq!(written[0].duration, 1.0);
        assert_eq!(written[1].id, "common_voice/good_2");

        let strict_out = tempfile::tempdir().unwrap();
        let err = run(Corpus::CommonVoice, corpus.path(), strict_out.path(), true).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Strict(_)), "{err}");
        assert!(err.to_string().contains("missing_audio: 1"), "{err}");
        assert!(!strict_out.path().join("a1.jsonl").exists(), "strict writes nothing");
    }

    /// Kathbath: NBSP becomes a space, a missing split is reported, other languages and noisy copies are
    /// ignored.
    #[test]
    fn kathbath_splits_and_languages() {
        let corpus = tempfile::tempdir().unwrap();
        for (release, language) in
            [("kb_data_clean_m4a", "tamil"), ("kb_data_clean_m4a", "telugu"), ("kb_data_noisy_m4a", "tamil")]
        {
            let split = corpus.path().join(release).join(language).join("test_known");
            wav(&split.join("audio/1-2-f.m4a"), 8_000);
            std::fs::write(
                split.join("transcription_n2w.txt"),
                format!("1-2-f.m4a\tஒன்று\u{a0}இரண்டு {release} {language}\n"),
            )
            .unwrap();
        }
        let out = tempfile::tempdir().unwrap();
        let summary = run(Corpus::Kathbath, corpus.path(), out.path(), false).unwrap();
        let written = rows(out.path());
        assert_eq!(written.len(), 1);
        assert_eq!(written[0].text, "ஒன்று இரண்டு kb_data_clean_m4a tamil");
        assert_eq!((written[0].id.as_str(), written[0].slice.as_str()), ("kathbath_known/1-2-f", "kathbath_known"));
        assert_eq!(summary.problems[0].kind, "missing_split");
    }

    #[test]
    fn wrong_folder_and_no_dir_are_clear_errors() {
        let empty = tempfile::tempdir().unwrap();
        for corpus in [Corpus::Fleurs, Corpus::Kathbath, Corpus::CommonVoice] {
            let err = run(corpus, empty.path(), empty.path(), false).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::Layout { .. }), "{err}");
            let err = prepare(corpus, &Options { dir: None, manifest: empty.path().join("m.jsonl"), strict: false })
                .unwrap_err();
            assert!(err.to_string().contains("pass --dir"), "{err}");
        }
    }
}

mod d4 {
    use super::*;
    use std::collections::HashSet;
    use uraikal_prep::d4::{prepare, sample, Options, Passage};
    use uraikal_prep::ErrorKind;

    fn fixture() -> PathBuf {
        workspace().join("fixtures/prep/kural_docs.parquet")
    }

    fn doc(p: &Passage) -> &str {
        p.id.rsplit_once(':').unwrap().0
    }

    #[test]
    fn fixture_is_fresh() {
        let bytes = generator::build(&workspace().join("fixtures/thirukkural/thirukkural.tsv")).unwrap();
        assert!(bytes == std::fs::read(fixture()).unwrap(), "stale: run `cargo xtask regen-fixtures-prep`");
    }

    #[test]
    fn sampling_is_deterministic_and_seeded() {
        let dir = tempfile::tempdir().unwrap();
        let mut options = Options::new(fixture(), "D4.test", 20);
        options.seed = 7;
        let (a, b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
        prepare(&options, &a).unwrap();
        prepare(&options, &b).unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
        let first = sample(&options).unwrap().0;
        options.seed = 8;
        assert_ne!(first, sample(&options).unwrap().0, "another seed, another sample");
        insta::assert_json_snapshot!("d4_seed7_first3", &first[..3]);
    }

    /// SPEC E8: passages with legacy font runs are counted; `convert_legacy` converts them before cleaning.
    #[test]
    fn legacy_passages_are_counted_and_converted() {
        use arrow_array::{RecordBatch, StringArray};
        use arrow_schema::{DataType, Field, Schema};
        use std::sync::Arc;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("legacy.parquet");
        let texts = vec!["jkpo; ehL mofhd efuk; kf;fs; nkhop", "தமிழ் நாடு அழகான நகரம் மக்கள் மொழி"];
        let schema = Arc::new(Schema::new(vec![Field::new("text", DataType::Utf8, true)]));
        let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(StringArray::from(texts))]).unwrap();
        let mut file = std::fs::File::create(&path).unwrap();
        let mut writer = parquet::arrow::ArrowWriter::try_new(&mut file, schema, None).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
        let mut options = Options::new(&path, "x", 10);
        options.per_doc = 0;
        let (plain, summary) = sample(&options).unwrap();
        assert_eq!((summary.passages, summary.legacy_passages), (2, 1));
        assert_eq!(plain.len(), 1, "the Bamini passage is not Tamil before conversion");
        options.convert_legacy = true;
        let (converted, summary) = sample(&options).unwrap();
        assert_eq!(summary.legacy_passages, 1);
        assert!(summary.cleaning.contains("clean_auto"));
        let texts: Vec<&str> = converted.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["தமிழ் நாடு அழகான நகரம் மக்கள் மொழி", "தமிழ் நாடு அழகான நகரம் மக்கள் மொழி"]);
        // The kural fixture (Tamil and English documents) has none.
        assert_eq!(sample(&Options::new(fixture(), "x", 10)).unwrap().1.legacy_passages, 0);
    }

    #[test]
    fn per_doc_limit_and_tamil_share() {
        let mut options = Options::new(fixture(), "x", 10_000);
        let (one, summary) = sample(&options).unwrap();
        let docs: HashSet<&str> = one.iter().map(doc).collect();
        assert_eq!(docs.len(), one.len(), "--per-doc 1");
        assert_eq!(one.len(), 133, "one passage from each Kural chapter, none from the English documents");
        assert!(one.iter().all(|p| !p.text.contains("English")));
        assert_eq!((summary.documents, summary.null_text), (138, 1));
        options.per_doc = 0;
        let (all, summary) = sample(&options).unwrap();
        assert_eq!(all.len(), summary.eligible);
        assert_eq!(summary.not_tamil, 19 + 4 * 2, "every 7th chapter, and both paragraphs of the 4 English documents");
        options.min_tamil_share = 0.0;
        assert!(sample(&options).unwrap().0.iter().any(|p| p.text.contains("English")));
    }

    #[test]
    fn long_paragraphs_are_cut_and_sources_point_back() {
        let mut options = Options::new(fixture(), "x", 1000);
        options.per_doc = 0;
        options.max_words = 20;
        let (passages, _) = sample(&options).unwrap();
        let long: Vec<&Passage> = passages.iter().filter(|p| doc(p) == "kural-011").collect();
        assert!(long.len() >= 4, "{long:?}");
        assert!(long.iter().all(|p| p.text.split_whitespace().count() <= 20));
        assert!(long[0].source.starts_with("kural_docs.parquet#kural-011:"), "{}", long[0].source);
        let ids: HashSet<&str> = passages.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), passages.len());
    }

    #[test]
    fn bad_inputs_are_clear_errors() {
        let mut options = Options::new(fixture(), "x", 5);
        options.column = "nope".into();
        let err = sample(&options).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::MissingColumn { .. }));
        assert!(err.to_string().contains("doc_id, text, chapter"), "{err}");

        options.column = "chapter".into();
        let err = sample(&options).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::WrongType { .. }), "{err}");
        assert!(err.to_string().contains("Int64"), "{err}");

        options.column = "text".into();
        options.id_column = Some("nope".into());
        assert!(matches!(sample(&options).unwrap_err().kind(), ErrorKind::MissingColumn { .. }));

        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join("bad.parquet");
        let mut cut = std::fs::read(fixture()).unwrap();
        for bytes in [b"PAR1 not really parquet".to_vec(), cut.split_off(cut.len() / 2)] {
            std::fs::write(&bad, bytes).unwrap();
            let err = sample(&Options::new(&bad, "x", 5)).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::Parquet { .. }), "{err}");
            assert!(err.to_string().contains("bad.parquet"), "{err}");
        }
        let err = sample(&Options::new(dir.path().join("absent.parquet"), "x", 5)).unwrap_err();
        assert!(err.to_string().contains("absent.parquet"), "{err}");
        for (n, slice, min, max) in [(0, "x", 3, 10), (5, "a/b", 3, 10), (5, "x", 10, 3)] {
            let mut o = Options::new(fixture(), slice, n);
            (o.min_words, o.max_words) = (min, max);
            assert!(matches!(sample(&o).unwrap_err().kind(), ErrorKind::InvalidOption(_)));
        }
    }

    /// The golden docs.parquet (read in place): 10 passages, one per document, all Tamil.
    #[test]
    fn golden_docs() {
        let Some(pq) = shared("golden/prep/docs.parquet") else { return };
        let mut options = Options::new(pq, "D4.check", 10);
        options.seed = 5;
        let (passages, summary) = sample(&options).unwrap();
        assert_eq!(passages.len(), 10, "{summary:?}");
        let docs: HashSet<&str> = passages.iter().map(doc).collect();
        assert_eq!(docs.len(), 10);
        assert!(passages.iter().all(|p| uraikal_text::tamil_share(&p.text) >= 0.5));
    }
}
