//! Issue 21 on real tokenizers and real text (the bundled ones and the kurals): training is deterministic
//! and keeps letters whole in its pre-tokenizer (SPEC D7); extending keeps every base id and every
//! encoding of text without Tamil (English, code) for GPT-2/Whisper, o200k, a `.tiktoken` rank file, a
//! SentencePiece Unigram and a Llama-style BPE, and shortens Tamil (SPEC D8); the literature's measures
//! agree with their definitions (SPEC D6).

use std::collections::HashMap;

use base64::Engine;
use serde_json::json;
use tokenizers::models::bpe::BpeTrainer;
use tokenizers::models::TrainerWrapper;
use tokenizers::Tokenizer;
use uraikal_d4::extend::{extend, ExtendOptions};
use uraikal_d4::train::{train, Model, TrainOptions};
use uraikal_d4::{bundled, literature, measure, vocab_counts, Against, Loaded, Passage};

/// Text without a Tamil character: English prose and code, which an extension must encode as before.
const NOT_TAMIL: [&str; 5] = [
    "Hello world, it's 2024: tokenizers don't split   spaces\nor lines.",
    "fn main() {\n    let x: Vec<u32> = (0..10).map(|i| i * 2).collect();\n    println!(\"{x:?}\");\n}",
    "def f(a, b=3):\n\treturn {'k': a ** b}  # comment",
    "naïve café — résumé, 東京, नमस्ते, 😀",
    "<|endoftext|> The quick brown fox jumps over the lazy dog.",
];

fn kural_texts() -> Vec<String> {
    bundled::kural().into_iter().map(|p| p.text).collect()
}

fn tokens_per_word(t: &Loaded, passages: &[Passage]) -> f64 {
    measure(t, passages, &|_| {}).unwrap()[0].metrics().tokens_per_word.unwrap()
}

fn ids(t: &Tokenizer, text: &str) -> Vec<u32> {
    t.encode(text, false).unwrap().get_ids().to_vec()
}

/// Checks the invariants of SPEC D8 and returns the extension.
fn check_extension(base: &Loaded, add: usize) -> Loaded {
    let texts = kural_texts();
    let (train_texts, held_out) = texts.split_at(1000);
    let extended = extend(base, train_texts, &ExtendOptions::new(add), &|_| {}).unwrap();
    let ext = Loaded::from_json("ext", "ext", None, extended.tokenizer_json.as_bytes()).unwrap();
    assert!(
        !extended.new_tokens.is_empty() && extended.new_tokens.len() <= add,
        "{}: {} new tokens",
        base.name,
        extended.new_tokens.len()
    );
    assert_eq!(ext.vocab_size(), base.vocab_size() + extended.new_tokens.len());
    let before = base.tokenizer().get_vocab(true);
    let after = ext.tokenizer().get_vocab(true);
    for (token, id) in &before {
        assert_eq!(after.get(token), Some(id), "{}: {token:?} moved", base.name);
    }
    for text in NOT_TAMIL {
        assert_eq!(ids(ext.tokenizer(), text), ids(base.tokenizer(), text), "{}: {text:?}", base.name);
    }
    for new in &extended.new_tokens {
        assert!(new.id as usize >= before.len(), "{}: new id {}", base.name, new.id);
        let spelled: Vec<u8> = new.base_ids.iter().flat_map(|&id| base.token_bytes(id).unwrap().to_vec()).collect();
        assert_eq!(spelled, ext.token_bytes(new.id).unwrap(), "{}: {} is not its base ids", base.name, new.token);
    }
    let held_out: Vec<Passage> =
        held_out.iter().enumerate().map(|(i, t)| Passage::new(&i.to_string(), t, "kural")).collect();
    let result = measure(&ext, &held_out, &|_| {}).unwrap()[0].metrics();
    assert_eq!(result.round_trip, Some(1.0), "{}", base.name);
    assert!(tokens_per_word(&ext, &held_out) <= tokens_per_word(base, &held_out), "{}", base.name);
    ext
}

fn bundled_tokenizer(name: &str) -> Loaded {
    bundled::tokenizer(name).unwrap().unwrap()
}

#[test]
fn extending_whisper_keeps_ids_and_english_and_halves_tamil() {
    let base = bundled_tokenizer("whisper-multilingual");
    let ext = check_extension(&base, 600);
    let passages: Vec<Passage> = bundled::kural().into_iter().skip(1000).collect();
    assert!(tokens_per_word(&ext, &passages) < 0.5 * tokens_per_word(&base, &passages));
}

#[test]
fn extending_o200k_and_a_unigram_keeps_ids_and_english() {
    check_extension(&bundled_tokenizer("o200k_base"), 300);
    check_extension(&bundled_tokenizer("ailaysa-asai-v1"), 300);
}

#[test]
fn extending_a_rank_file_keeps_its_ids() {
    let gpt2 = bundled_tokenizer("whisper-gpt2");
    let mut ranks = String::new();
    for id in 0..50256u32 {
        let bytes = gpt2.token_bytes(id).unwrap();
        let b64 = base64::engine::general_purpose::STANDARD.encode(bytes);
        ranks.push_str(&format!("{b64} {id}\n"));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gpt2.tiktoken");
    std::fs::write(&path, ranks).unwrap();
    check_extension(&uraikal_d4::load(path.to_str().unwrap()).unwrap(), 200);
}

#[test]
fn extending_a_llama_style_bpe_keeps_its_ids() {
    // Llama 2's layout: ▁ for spaces by the normaliser, no pre-tokenizer, byte fallback.
    let skeleton = json!({"version": "1.0", "truncation": null, "padding": null, "added_tokens": [],
        "normalizer": {"type": "Sequence", "normalizers": [{"type": "Prepend", "prepend": "\u{2581}"},
            {"type": "Replace", "pattern": {"String": " "}, "content": "\u{2581}"}]},
        "pre_tokenizer": null, "post_processor": null,
        "decoder": {"type": "Sequence", "decoders": [{"type": "Replace", "pattern": {"String": "\u{2581}"}, "content": " "},
            {"type": "ByteFallback"}, {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
        "model": {"type": "BPE", "dropout": null, "unk_token": null, "continuing_subword_prefix": null,
            "end_of_word_suffix": null, "fuse_unk": true, "byte_fallback": true, "ignore_merges": false,
            "vocab": {}, "merges": []}});
    let mut tokenizer = Tokenizer::from_bytes(skeleton.to_string().as_bytes()).unwrap();
    let mut trainer = TrainerWrapper::BpeTrainer(BpeTrainer::builder().vocab_size(600).show_progress(false).build());
    let mut corpus: Vec<String> = NOT_TAMIL.iter().map(|s| s.to_string()).collect();
    corpus.extend(kural_texts().into_iter().take(50));
    tokenizer.train(&mut trainer, corpus.iter()).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&tokenizer.to_string(false).unwrap()).unwrap();
    let vocab = json["model"]["vocab"].as_object_mut().unwrap();
    let mut next = vocab.len() as u64;
    for b in 0..=255u8 {
        vocab.entry(format!("<0x{b:02X}>")).or_insert_with(|| {
            next += 1;
            json!(next - 1)
        });
    }
    let base = Loaded::from_json("llama-style", "llama-style", None, json.to_string().as_bytes()).unwrap();
    check_extension(&base, 300);
}

#[test]
fn a_wordpiece_base_cannot_be_extended() {
    let bert = bundled_tokenizer("bert-uncased-minilm");
    let err = extend(&bert, &kural_texts(), &ExtendOptions::new(10), &|_| {}).unwrap_err();
    assert!(err.reason().contains("cannot be extended"), "{err}");
}

#[test]
fn training_is_deterministic_keeps_letters_whole_and_knows_every_byte() {
    let texts = kural_texts();
    let (train_texts, held_out) = texts.split_at(1000);
    let options = TrainOptions { vocab_size: 2000, ..TrainOptions::new(Model::Bpe) };
    let a = train(train_texts, &options, &|_| {}).unwrap();
    let b = train(train_texts, &options, &|_| {}).unwrap();
    assert_eq!(a, b, "same text and options, same bytes");
    let t = Loaded::from_json("trained", "trained", None, a.as_bytes()).unwrap();
    assert!(t.vocab_size() <= 2000 && t.vocab_size() > 1900, "{}", t.vocab_size());
    let mut passages: Vec<Passage> =
        held_out.iter().enumerate().map(|(i, t)| Passage::new(&i.to_string(), t, "kural")).collect();
    // Characters never seen in training fall back to bytes: nothing is unknown, nothing is lost.
    passages.push(Passage::new("x", "தமிழ் 😀 東京 ௐ", "kural"));
    let m = measure(&t, &passages, &|_| {}).unwrap()[0].metrics();
    // Whole letters from the start: no token begins inside a letter at all (SPEC D7).
    assert_eq!((m.letter_cut, m.by_pretok, m.round_trip, m.unk_per_1000), (Some(0.0), Some(0.0), Some(1.0), Some(0.0)));
    let unigram =
        train(train_texts, &TrainOptions { vocab_size: 2000, ..TrainOptions::new(Model::Unigram) }, &|_| {}).unwrap();
    let u = Loaded::from_json("unigram", "unigram", None, unigram.as_bytes()).unwrap();
    let m = measure(&u, &passages, &|_| {}).unwrap()[0].metrics();
    assert_eq!((m.by_pretok, m.round_trip, m.unk_per_1000), (Some(0.0), Some(1.0), Some(0.0)));
}

#[test]
fn a_vocabulary_smaller_than_the_alphabet_and_empty_text_are_refused() {
    let texts = kural_texts();
    let small = TrainOptions { vocab_size: 100, ..TrainOptions::new(Model::Bpe) };
    let err = train(&texts, &small, &|_| {}).unwrap_err();
    assert!(err.reason().contains("smaller than the alphabet"), "{err}");
    let err = train(&["  ".to_string()], &TrainOptions::new(Model::Bpe), &|_| {}).unwrap_err();
    assert!(err.reason().contains("no text"), "{err}");
}

#[test]
fn parity_and_nsl_are_ratios_of_token_sums() {
    let whisper = bundled_tokenizer("whisper-multilingual");
    let o200k = bundled_tokenizer("o200k_base");
    let passages = vec![Passage::new("a", "தமிழ் மொழி", "s"), Passage::new("b", "இனிது", "s")];
    let english: HashMap<String, String> =
        [("a", "Tamil language"), ("b", "is sweet")].into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let against = Against { parallel: Some(&english), base: Some(&o200k) };
    let l = &literature(&whisper, &passages, against).unwrap()[0].1;
    let count = |t: &Loaded, s: &str| ids(t.tokenizer(), s).len();
    let (ta_a, ta_b) = (count(&whisper, "தமிழ் மொழி"), count(&whisper, "இனிது"));
    let (en_a, en_b) = (count(&whisper, "Tamil language"), count(&whisper, "is sweet"));
    assert_eq!(l.parity, Some((ta_a + ta_b) as f64 / (en_a + en_b) as f64));
    let (ra, rb) = (ta_a as f64 / en_a as f64, ta_b as f64 / en_b as f64);
    assert_eq!(l.parity_median, Some((ra + rb) / 2.0));
    let base = count(&o200k, "தமிழ் மொழி") + count(&o200k, "இனிது");
    assert_eq!(l.nsl, Some((ta_a + ta_b) as f64 / base as f64));
    assert!(l.renyi_efficiency.is_some_and(|e| e > 0.0 && e < 1.0));
}

#[test]
fn vocabulary_counts_add_up() {
    for name in ["whisper-multilingual", "ailaysa-asai-v1", "o200k_base"] {
        let t = bundled_tokenizer(name);
        let v = vocab_counts(&t);
        assert_eq!(v.tokens, t.vocab_size(), "{name}");
        assert!(v.whole_letters + v.inside_letter <= v.tokens, "{name}");
        assert!(v.whole_letters <= v.tamil, "{name}");
    }
    // ailaysa is a Tamil tokenizer: most of its vocabulary is Tamil.
    let ailaysa = vocab_counts(&bundled_tokenizer("ailaysa-asai-v1"));
    assert!(ailaysa.tamil > 16_000 && ailaysa.inside_utf8 == 0, "{ailaysa:?}");
}

#[test]
fn parquet_text_and_special_tokens() {
    let parquet = format!("{}/../../fixtures/prep/kural_docs.parquet", env!("CARGO_MANIFEST_DIR"));
    // 133 chapter documents and 4 English ones; the null row is skipped.
    let texts = uraikal_d4::corpus::read_texts(&[parquet.clone().into()], "text").unwrap();
    assert_eq!(texts.len(), 137);
    let err = uraikal_d4::corpus::read_texts(&[parquet.into()], "nope").unwrap_err();
    assert!(err.reason().contains("no column \"nope\""), "{err}");
    let options = TrainOptions {
        vocab_size: 1500,
        special_tokens: vec!["<s>".into(), "</s>".into()],
        ..TrainOptions::new(Model::Bpe)
    };
    let json = train(&texts, &options, &|_| {}).unwrap();
    let t = Loaded::from_json("t", "t", None, json.as_bytes()).unwrap();
    assert_eq!(t.tokenizer().token_to_id("<s>"), Some(0));
    assert_eq!(t.tokenizer().token_to_id("</s>"), Some(1));
}
