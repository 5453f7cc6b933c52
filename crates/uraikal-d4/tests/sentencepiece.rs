//! SentencePiece `.model` files: a model written (as protobuf) from the bundled ailaysa tokenizer.json, which
//! was itself converted from a SentencePiece Unigram model, loads as a tokenizer that encodes exactly as the
//! tokenizer.json does; other model types and non-models are refused with a reason.

use std::io::Read;

use base64::Engine;
use serde_json::Value;
use uraikal_d4::{bundled, load, ErrorKind};

fn varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn bytes_field(out: &mut Vec<u8>, field: u64, bytes: &[u8]) {
    varint(out, field << 3 | 2);
    varint(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

fn varint_field(out: &mut Vec<u8>, field: u64, value: u64) {
    varint(out, field << 3);
    varint(out, value);
}

/// A ModelProto: pieces (text, score, type), the trainer's model type, the normaliser's charsmap.
fn model_proto(pieces: &[(String, f32, u64)], model_type: u64, charsmap: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for (text, score, kind) in pieces {
        let mut piece = Vec::new();
        bytes_field(&mut piece, 1, text.as_bytes());
        varint(&mut piece, 2 << 3 | 5);
        piece.extend_from_slice(&score.to_le_bytes());
        varint_field(&mut piece, 3, *kind);
        bytes_field(&mut out, 1, &piece);
    }
    let mut trainer = Vec::new();
    varint_field(&mut trainer, 3, model_type);
    bytes_field(&mut out, 2, &trainer);
    let mut normalizer = Vec::new();
    bytes_field(&mut normalizer, 1, b"nmt_nfkc");
    bytes_field(&mut normalizer, 2, charsmap);
    varint_field(&mut normalizer, 3, 1);
    bytes_field(&mut out, 3, &normalizer);
    out
}

fn ailaysa_json() -> Value {
    let (_, _, gz) = bundled::TOKENIZERS.iter().find(|(name, _, _)| *name == "ailaysa-asai-v1").unwrap();
    let mut json = String::new();
    flate2::read::GzDecoder::new(*gz).read_to_string(&mut json).unwrap();
    serde_json::from_str(&json).unwrap()
}

#[test]
fn a_unigram_model_encodes_like_the_tokenizer_json_it_became() {
    let json = ailaysa_json();
    let control: Vec<u64> =
        json["added_tokens"].as_array().unwrap().iter().map(|t| t["id"].as_u64().unwrap()).collect();
    let unk = json["model"]["unk_id"].as_u64().unwrap();
    let pieces: Vec<(String, f32, u64)> = json["model"]["vocab"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(id, p)| {
            let kind = if id as u64 == unk {
                2
            } else if control.contains(&(id as u64)) {
                3
            } else {
                1
            };
            (p[0].as_str().unwrap().to_string(), p[1].as_f64().unwrap() as f32, kind)
        })
        .collect();
    let charsmap = base64::engine::general_purpose::STANDARD
        .decode(json["normalizer"]["normalizers"][0]["precompiled_charsmap"].as_str().unwrap())
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("asai-v1.model");
    std::fs::write(&path, model_proto(&pieces, 1, &charsmap)).unwrap();

    let from_model = load(path.to_str().unwrap()).unwrap();
    let from_json = bundled::tokenizer("ailaysa-asai-v1").unwrap().unwrap();
    assert_eq!(from_model.name, "asai-v1");
    assert_eq!(from_model.vocab_size(), from_json.vocab_size());
    assert_eq!(from_model.unk_id(), Some(0));
    let kurals = bundled::kural();
    let probes = ["கொடு  கொடு ", "தமிழ் 2024, ABC ﬁ"];
    for text in probes.iter().copied().chain(kurals.iter().step_by(41).map(|p| p.text.as_str())) {
        let want = from_json.tokenizer().encode(text, false).unwrap();
        let got = from_model.tokenizer().encode(text, false).unwrap();
        assert_eq!(got.get_ids(), want.get_ids(), "{text}");
        assert_eq!(got.get_offsets(), want.get_offsets(), "{text}");
    }
}

#[test]
fn other_model_types_and_non_models_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let pieces = vec![("<unk>".to_string(), 0.0, 2), ("▁அ".to_string(), -1.0, 1)];
    let path = dir.path().join("bpe.model");
    std::fs::write(&path, model_proto(&pieces, 2, b"")).unwrap();
    let err = load(path.to_str().unwrap()).unwrap_err();
    assert!(err.reason().contains("only Unigram"), "{err}");

    let path = dir.path().join("garbage.model");
    std::fs::write(&path, b"\xff\xff\xff").unwrap();
    let err = load(path.to_str().unwrap()).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::Unloadable(_)) && err.reason().contains("not a SentencePiece model"),
        "{err}"
    );

    // A tiny Unigram model without a charsmap loads and measures.
    let path = dir.path().join("tiny.model");
    std::fs::write(&path, model_proto(&pieces, 1, b"")).unwrap();
    let tiny = load(path.to_str().unwrap()).unwrap();
    let encoding = tiny.tokenizer().encode("அ", false).unwrap();
    assert_eq!(encoding.get_ids(), [1]);
}

#[test]
fn a_charsmap_that_points_outside_itself_is_a_failed_tokenizer_not_a_panic() {
    // The real ailaysa charsmap with its normalised strings cut off: it loads (the tokenizers library checks
    // only the framing), and then its trie points past the end of the strings for characters it maps.
    let json = ailaysa_json();
    let charsmap = base64::engine::general_purpose::STANDARD
        .decode(json["normalizer"]["normalizers"][0]["precompiled_charsmap"].as_str().unwrap())
        .unwrap();
    let trie_size = u32::from_le_bytes(charsmap[..4].try_into().unwrap()) as usize;
    let truncated = &charsmap[..4 + trie_size];
    let pieces = vec![("<unk>".to_string(), 0.0, 2), ("▁அ".to_string(), -1.0, 1), ("ﬁ".to_string(), -2.0, 1)];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.model");
    std::fs::write(&path, model_proto(&pieces, 1, truncated)).unwrap();
    let tokenizer = load(path.to_str().unwrap()).unwrap();
    let passages =
        [uraikal_d4::Passage {
            id: "p1".into(), text: "ﬁ Ａ ① தமிழ்".into(), slice: "s".into(), source: None
        }];
    let err = uraikal_d4::measure(&tokenizer, &passages, &|_| {}).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::Tokenizer(_))
            && err.reason().contains("passage p1: the tokenizers library panicked"),
        "{err}"
    );
}

/// A Unigram model trained by sentencepiece 0.2.3 on Tamil prose (fixtures/metrics/sacrebleu_spm.py) encodes
/// every Tatoeba Tamil line and every FLORES-200 devtest Tamil line (neither trained on) into sentencepiece's
/// own pieces (`EncodeAsPieces`): the Flores BLEU tokenisers depend on it (SPEC M11).
#[test]
fn a_trained_model_gives_sentencepieces_own_pieces_on_the_prose() {
    let model = uraikal_d4::load_sentencepiece(&uraikal_test_support::fixture("metrics/sacrebleu_spm.model")).unwrap();
    let text = std::fs::read_to_string(uraikal_test_support::fixture("metrics/sacrebleu_spm.json")).unwrap();
    let expected: Value = serde_json::from_str(&text).unwrap();
    // The prose is read in place (../shared/data); the fixture holds only digests of sentencepiece's pieces.
    for (path, key) in
        [("prose/tatoeba/tatoeba-test-v2021-08-07.tam", "tatoeba"), ("prose/flores200/tam_Taml.devtest", "flores")]
    {
        let Some(file) = uraikal_test_support::shared_data(path) else {
            return uraikal_test_support::skipped("../shared/data/prose is absent");
        };
        let lines: Vec<String> =
            std::fs::read_to_string(file).unwrap().lines().map(|line| model.pieces(line).unwrap().join(" ")).collect();
        assert_eq!(lines.len() as u64, expected[format!("{key}_lines")].as_u64().unwrap(), "{path}");
        assert_eq!(
            uraikal_io::sha256_hex(lines.join("\n").as_bytes()),
            expected[format!("{key}_sha256")].as_str().unwrap(),
            "{path}"
        );
    }
}

/// sentencepiece 0.2.3's `encode_as_pieces` with the same model on its edge cases (recorded here): blank text,
/// leading, trailing and repeated whitespace and a tab, ொ typed in two parts, NFKC folds, two unknown
/// characters merged into one piece, a tie between equal-scored splits of "000", a kept ZWJ.
#[test]
fn the_trained_model_on_sentencepieces_edge_cases() {
    let model = uraikal_d4::load_sentencepiece(&uraikal_test_support::fixture("metrics/sacrebleu_spm.model")).unwrap();
    let cases: [(&str, &[&str]); 8] = [
        ("", &[]),
        ("   ", &[]),
        ("  தமிழ்  நாடு\t", &["▁த", "மி", "ழ்", "▁நாடு"]),
        ("க\u{0BC6}\u{0BBE}ண்டுவந்து", &["▁கொண்டு", "வ", "ந்து"]),
        ("கொண்டுவந்து", &["▁கொண்டு", "வ", "ந்து"]),
        ("abc ＡＢＣ ½ 😀😀 x", &["▁", "a", "b", "c", "▁", "A", "B", "C", "▁1", "⁄", "2", "▁", "😀😀", "▁", "x"]),
        ("7000 ரூ.", &["▁7", "0", "00", "▁", "ரூ", "."]),
        ("சிறு\u{200D}நோக்கம்", &["▁சிறு", "\u{200D}", "ந", "ோ", "க்க", "ம்"]),
    ];
    for (text, expected) in cases {
        assert_eq!(model.pieces(text).unwrap(), expected, "{text:?}");
    }
    let err = uraikal_d4::load_sentencepiece(&uraikal_test_support::fixture("metrics/pairs.jsonl")).unwrap_err();
    assert!(err.to_string().contains("not a SentencePiece model"), "{err}");
}
