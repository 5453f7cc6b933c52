//! Each D4 measure on small tokenizers built with the library's own builders, where the answer is known
//! by construction (SPEC D2).

use tokenizers::decoders::byte_level::ByteLevel as ByteLevelDecoder;
use tokenizers::models::bpe::{Vocab, BPE};
use tokenizers::models::wordlevel::WordLevel;
use tokenizers::models::wordpiece::WordPiece;
use tokenizers::normalizers::replace::Replace;
use tokenizers::pre_tokenizers::byte_level::ByteLevel;
use tokenizers::pre_tokenizers::split::Split;
use tokenizers::pre_tokenizers::whitespace::WhitespaceSplit;
use tokenizers::{SplitDelimiterBehavior, Tokenizer};
use uraikal_d4::pretok::GPT2_PATTERN;
use uraikal_d4::{measure, Counts, Loaded, Passage};

fn counts(tokenizer: Tokenizer, texts: &[&str]) -> Counts {
    let loaded = Loaded::from_tokenizer("toy", tokenizer).unwrap();
    let passages: Vec<Passage> =
        texts.iter().enumerate().map(|(i, t)| Passage::new(&i.to_string(), t, "toy")).collect();
    let results = measure(&loaded, &passages, &|_| {}).unwrap();
    assert_eq!(results.len(), 1);
    results[0].counts
}

fn gpt2_split() -> Split {
    Split::new(
        tokenizers::pre_tokenizers::split::SplitPattern::Regex(GPT2_PATTERN.into()),
        SplitDelimiterBehavior::Isolated,
        false,
    )
    .unwrap()
}

/// A word-level tokenizer behind the GPT-2 regex: "அகர" stays whole, "கடல்" is cut before its pulli by
/// the pre-tokenizer.
#[test]
fn word_level_behind_the_gpt2_regex_cuts_exactly_one_word_at_its_pulli() {
    let vocab = [("அகர".to_string(), 0), (" கடல".to_string(), 1), ("்".to_string(), 2), ("[UNK]".to_string(), 3)];
    let model = WordLevel::builder().vocab(vocab.into_iter().collect()).unk_token("[UNK]".into()).build().unwrap();
    let mut tokenizer = Tokenizer::new(model);
    tokenizer.with_pre_tokenizer(Some(gpt2_split()));
    let c = counts(tokenizer, &["அகர கடல்"]);
    assert_eq!((c.words, c.tamil_words, c.tokens), (2, 2, 3));
    assert_eq!((c.letter_cut_words, c.by_pretok_words), (1, 1));
    assert_eq!((c.byte_cut_words, c.unk_tokens, c.round_trip_passages), (0, 0, 1));
    let m = c.metrics();
    assert_eq!((m.letter_cut, m.by_pretok, m.tokens_per_word), (Some(0.5), Some(0.5), Some(1.5)));
}

/// A word-piece model that cuts inside a letter on its own: a letter cut the pre-tokenizer did not make.
#[test]
fn a_model_cut_is_a_letter_cut_but_not_a_pre_tokenizer_cut() {
    let vocab = [("கடல".to_string(), 0), ("##்".to_string(), 1), ("[UNK]".to_string(), 2)];
    let model = WordPiece::builder().vocab(vocab).unk_token("[UNK]".into()).build().unwrap();
    let mut tokenizer = Tokenizer::new(model);
    tokenizer.with_pre_tokenizer(Some(WhitespaceSplit));
    tokenizer.with_decoder(Some(tokenizers::decoders::wordpiece::WordPiece::default()));
    let c = counts(tokenizer, &["கடல் கடல்"]);
    assert_eq!((c.tokens, c.letter_cut_words, c.by_pretok_words, c.unk_tokens), (4, 2, 0, 0));
    assert_eq!(c.round_trip_passages, 1);
}

/// A byte-level BPE whose vocabulary holds the 256 bytes and, through two merges, the whole letter "த":
/// "த" stays whole, "க" is split into its three bytes.
#[test]
fn byte_level_bpe_splitting_a_character_is_a_byte_cut() {
    let alphabet = ByteLevel::alphabet();
    let mut vocab: Vocab = (0..=255u8).map(|b| (byte_char(b).to_string(), b as u32)).collect();
    assert!(vocab.keys().all(|c| alphabet.contains(&c.chars().next().unwrap())));
    let ta: String = "த".bytes().map(byte_char).collect();
    let (first, rest) = ta.split_at(ta.char_indices().nth(1).unwrap().0);
    let (second, third) = rest.split_at(rest.char_indices().nth(1).unwrap().0);
    let pair = format!("{first}{second}");
    vocab.insert(pair.clone(), 256);
    vocab.insert(ta.clone(), 257);
    let merges = vec![(first.to_string(), second.to_string()), (pair, third.to_string())];
    let model = BPE::builder().vocab_and_merges(vocab, merges).build().unwrap();
    let mut tokenizer = Tokenizer::new(model);
    tokenizer.with_pre_tokenizer(Some(ByteLevel::new(false, true, true)));
    tokenizer.with_decoder(Some(ByteLevelDecoder::default()));
    let c = counts(tokenizer, &["த க"]);
    // த: 1 token; " க": a space, then க's first two bytes (which it shares with த, so the first merge
    // applies), then its last byte.
    assert_eq!((c.tamil_words, c.tokens), (2, 4));
    assert_eq!(c.byte_cut_words, 1);
    assert_eq!(c.letter_cut_words, 0);
    assert_eq!(c.round_trip_passages, 1);
}

/// The GPT-2 byte-to-character map: the character standing for byte `b`.
fn byte_char(b: u8) -> char {
    let printable = |b: u8| (0x21..=0x7E).contains(&b) || (0xA1..=0xAC).contains(&b) || b >= 0xAE;
    if printable(b) {
        return b as char;
    }
    let n = (0..b).filter(|&x| !printable(x)).count() as u32;
    char::from_u32(0x100 + n).unwrap()
}

/// A word-level tokenizer that knows one word: the others are [UNK], and decoding cannot give them back.
#[test]
fn unknown_tokens_are_counted_and_break_the_round_trip() {
    let vocab = [("தமிழ்".to_string(), 0), ("[UNK]".to_string(), 1)];
    let model = WordLevel::builder().vocab(vocab.into_iter().collect()).unk_token("[UNK]".into()).build().unwrap();
    let mut tokenizer = Tokenizer::new(model);
    tokenizer.with_pre_tokenizer(Some(WhitespaceSplit));
    let c = counts(tokenizer, &["தமிழ் மொழி நல்ல", "தமிழ்"]);
    assert_eq!((c.tokens, c.unk_tokens, c.round_trip_passages), (4, 2, 1));
    assert_eq!(c.metrics().unk_per_1000, Some(500.0));
    assert_eq!(c.metrics().round_trip, Some(0.5));
}

/// A decoder that drops the vowel sign ி loses text: only the passage without it round-trips.
#[test]
fn a_decoder_that_loses_text_fails_the_round_trip() {
    let vocab = [("கிளி".to_string(), 0), ("கடல்".to_string(), 1), ("[UNK]".to_string(), 2)];
    let model = WordLevel::builder().vocab(vocab.into_iter().collect()).unk_token("[UNK]".into()).build().unwrap();
    let mut tokenizer = Tokenizer::new(model);
    tokenizer.with_pre_tokenizer(Some(WhitespaceSplit));
    tokenizer.with_decoder(Some(Replace::new("ி", "").unwrap()));
    let c = counts(tokenizer, &["கிளி", "கடல்  கடல்"]);
    assert_eq!((c.passages, c.round_trip_passages, c.unk_tokens), (2, 1, 0));
    assert_eq!(c.metrics().round_trip, Some(0.5));
}

/// Words without a Tamil letter count as words but never as cut Tamil words; no Tamil word: no ratio.
#[test]
fn text_without_tamil_has_no_cut_ratios() {
    let vocab = [("hello".to_string(), 0), ("[UNK]".to_string(), 1)];
    let model = WordLevel::builder().vocab(vocab.into_iter().collect()).unk_token("[UNK]".into()).build().unwrap();
    let mut tokenizer = Tokenizer::new(model);
    tokenizer.with_pre_tokenizer(Some(WhitespaceSplit));
    let c = counts(tokenizer, &["hello hello"]);
    assert_eq!((c.words, c.tamil_words, c.tokens), (2, 0, 2));
    assert_eq!(c.metrics().letter_cut, None);
    assert_eq!(c.metrics().bytes_per_token, Some(5.5));
}
