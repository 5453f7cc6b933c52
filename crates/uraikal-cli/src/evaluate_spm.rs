//! `uraikal evaluate --metric bleu --tokenize flores101|flores200 --spm-model FILE` (SPEC M11): sacrebleu's
//! SentencePiece BLEU tokenisers on a model file the user gives (sacrebleu downloads its own; this never
//! does). The model is read by uraikal-d4 (SPEC D5); scoring is `uraikal_metrics::sacrebleu::Scorer::SpmBleu`.

use std::path::Path;
use std::sync::{Arc, Mutex};

use anyhow::{bail, Result};
use uraikal_metrics::sacrebleu::SpmTokenizer;

/// The first encoding error, if any (the tokeniser itself cannot fail; `check` reports it after scoring).
pub(crate) type EncodeError = Arc<Mutex<Option<String>>>;

/// The `flores101`/`flores200` tokeniser on `model`, and where its first encoding error is kept.
pub(crate) fn tokenizer(name: &str, model: Option<&Path>) -> Result<(SpmTokenizer, EncodeError)> {
    let name: &'static str = match name {
        "flores101" => "flores101",
        "flores200" => "flores200",
        other => bail!("--tokenize {other} is not a SentencePiece tokeniser"),
    };
    let Some(model) = model else {
        bail!(
            "--tokenize {name} needs --spm-model FILE: sacrebleu's SentencePiece model file (Uraikal downloads \
             nothing; sacrebleu keeps it as ~/.sacrebleu/models/{})",
            if name == "flores101" { "sacrebleu_tokenizer_spm.model" } else { "flores200sacrebleuspm" }
        );
    };
    let loaded = uraikal_d4::load_sentencepiece(model).map_err(|e| anyhow::anyhow!("--spm-model: {e}"))?;
    let error: EncodeError = Arc::new(Mutex::new(None));
    let slot = error.clone();
    let encode = move |line: &str| match loaded.pieces(line) {
        Ok(pieces) => pieces.join(" "),
        Err(e) => {
            if let Ok(mut slot) = slot.lock() {
                slot.get_or_insert_with(|| e.to_string());
            }
            String::new()
        }
    };
    Ok((SpmTokenizer { name, encode: Arc::new(encode) }, error))
}

/// Fails with the first encoding error, if there was one (nothing has been printed for it yet).
pub(crate) fn check(error: &EncodeError) -> Result<()> {
    match error.lock().ok().and_then(|slot| slot.clone()) {
        Some(message) => bail!("--spm-model: {message}"),
        None => Ok(()),
    }
}
