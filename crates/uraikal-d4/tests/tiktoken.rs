//! OpenAI `.tiktoken` rank files: a rank file written from the bundled GPT-2 tokenizer.json loads as a
//! tokenizer that encodes exactly as the tokenizer.json does; malformed rank files are refused with the line.

use base64::Engine;
use uraikal_d4::{bundled, load, ErrorKind};

#[test]
fn a_rank_file_encodes_like_the_tokenizer_json_it_came_from() {
    let gpt2 = bundled::tokenizer("whisper-gpt2").unwrap().unwrap();
    // GPT-2's ranks are its first 50,256 ids (the ids after them are Whisper's special tokens).
    let mut ranks = String::new();
    for id in 0..50256u32 {
        let bytes = gpt2.token_bytes(id).unwrap();
        ranks.push_str(&format!("{} {id}\n", base64::engine::general_purpose::STANDARD.encode(bytes)));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gpt2.tiktoken");
    std::fs::write(&path, ranks).unwrap();
    let from_ranks = load(path.to_str().unwrap()).unwrap();
    assert_eq!(from_ranks.name, "gpt2");
    assert_eq!(from_ranks.vocab_size(), 50257, "the ranks and <|endoftext|>");
    let english = ["Hello world, it's 2024: tokenizers don't split   spaces\nor lines.", "naïve café"];
    let kurals = bundled::kural();
    let texts = english.iter().copied().chain(kurals.iter().step_by(53).map(|p| p.text.as_str()));
    for text in texts {
        let want = gpt2.tokenizer().encode(text, false).unwrap();
        let got = from_ranks.tokenizer().encode(text, false).unwrap();
        assert_eq!(got.get_ids(), want.get_ids(), "{text}");
        assert_eq!(from_ranks.tokenizer().decode(got.get_ids(), false).unwrap(), text);
    }
}

#[test]
fn malformed_rank_files_name_the_line() {
    let dir = tempfile::tempdir().unwrap();
    for (content, message) in [
        ("IQ== 0\nnot-base64! 1\n", "line 2: bad base64"),
        ("IQ== 0\nIg== x\n", "line 2: the rank is not a number"),
        ("IQ== 0\nIg== 0\n", "line 2: rank 0 appears twice"),
        ("IQ== 1\n", "ranks are not 0..1: 0 is missing"),
        ("", "no ranks"),
    ] {
        let path = dir.path().join("bad.tiktoken");
        std::fs::write(&path, content).unwrap();
        let err = load(path.to_str().unwrap()).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Unloadable(_)), "{err}");
        assert!(err.reason().contains(message), "{err} should say {message}");
    }
}
