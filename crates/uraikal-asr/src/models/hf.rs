//! Hugging Face transformers Whisper folders: `config.json`, `model.safetensors` (or shards listed in
//! `model.safetensors.index.json`), `vocab.json` (or `tokenizer.json`). transformers keeps query, key and value
//! apart already, so the names map one to one onto whisper.cpp's (`model.encoder.layers.3.self_attn.q_proj`
//! → `encoder.blocks.3.attn.query`); `proj_out` is the token embedding again and is not written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use safetensors::{Dtype, SafeTensors};
use serde_json::Value;

use super::{block, DType, Error, Hparams, Plan, RawTensor};

/// A loaded transformers model: the weight files' bytes, the config and the vocabulary.
pub(crate) struct HfModel {
    dir: PathBuf,
    files: Vec<(PathBuf, Vec<u8>)>,
    config: Value,
    vocabulary: Vec<String>,
    vocabulary_path: PathBuf,
}

/// The weight files: `model.safetensors`, or the shards its index lists.
pub(crate) fn weight_files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let single = dir.join("model.safetensors");
    if single.is_file() {
        return Ok(vec![single]);
    }
    let index = dir.join("model.safetensors.index.json");
    let text = uraikal_io::read_utf8(&index)?;
    let value: Value =
        serde_json::from_str(&text).map_err(|e| Error::Invalid(format!("{}: not JSON ({e})", index.display())))?;
    let map =
        value["weight_map"].as_object().ok_or_else(|| Error::Invalid(format!("{}: no weight_map", index.display())))?;
    let mut names: Vec<&str> = map.values().filter_map(Value::as_str).collect();
    names.sort_unstable();
    names.dedup();
    let files: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    if let Some(absent) = files.iter().find(|f| !f.is_file()) {
        return Err(Error::Invalid(format!(
            "{}: the index lists {}, which is missing",
            dir.display(),
            absent.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
        )));
    }
    Ok(files)
}

impl HfModel {
    pub(crate) fn load(dir: &Path) -> Result<HfModel, Error> {
        let config_path = dir.join("config.json");
        if !config_path.is_file() {
            return Err(Error::Invalid(format!("{}: missing config.json", dir.display())));
        }
        let config: Value = serde_json::from_str(&uraikal_io::read_utf8(&config_path)?)
            .map_err(|e| Error::Invalid(format!("{}: not JSON ({e})", config_path.display())))?;
        let files = weight_files(dir)?
            .into_iter()
            .map(|p| uraikal_io::read_bytes(&p).map(|b| (p, b)))
            .collect::<Result<Vec<_>, _>>()?;
        let (vocabulary, vocabulary_path) = read_vocabulary(dir)?;
        Ok(HfModel { dir: dir.to_path_buf(), files, config, vocabulary, vocabulary_path })
    }

    fn number(&self, key: &str) -> Result<usize, Error> {
        self.config[key].as_u64().map(|v| v as usize).ok_or_else(|| {
            Error::Invalid(format!("{}: config.json has no {key}: not a Whisper config", self.dir.display()))
        })
    }

    pub(crate) fn plan(&self) -> Result<Plan<'_>, Error> {
        let mut all: BTreeMap<String, RawTensor<'_>> = BTreeMap::new();
        for (path, bytes) in &self.files {
            let st = SafeTensors::deserialize(bytes)
                .map_err(|e| Error::Invalid(format!("{}: not a safetensors file ({e})", path.display())))?;
            for (name, view) in st.tensors() {
                let dtype = match view.dtype() {
                    Dtype::F32 => DType::F32,
                    Dtype::F16 => DType::F16,
                    Dtype::BF16 => DType::BF16,
                    other => {
                        return Err(Error::Invalid(format!("{}: {name} is {other:?}, not a float", path.display())))
                    }
                };
                // The view borrows `bytes`, which self owns.
                let data: &[u8] = view.data();
                let name = name.strip_prefix("model.").unwrap_or(&name).to_string();
                all.insert(name, RawTensor { dtype, shape: view.shape().to_vec(), bytes: data });
            }
        }
        let hparams = Hparams {
            n_vocab: self.number("vocab_size")?,
            n_audio_ctx: self.number("max_source_positions")?,
            n_audio_state: self.number("d_model")?,
            n_audio_head: self.number("encoder_attention_heads")?,
            n_audio_layer: self.number("encoder_layers")?,
            n_text_ctx: self.number("max_target_positions")?,
            n_text_state: self.number("d_model")?,
            n_text_head: self.number("decoder_attention_heads")?,
            n_text_layer: self.number("decoder_layers")?,
            n_mels: self.number("num_mel_bins")?,
        };
        let mut t: Vec<(String, RawTensor<'_>)> = Vec::new();
        let mut take = |from: &str, to: String| -> Result<(), Error> {
            let tensor = all.get(from).cloned().ok_or_else(|| {
                Error::Invalid(format!("{}: the weights have no {from} (model.{from})", self.dir.display()))
            })?;
            let tensor = if to.ends_with("conv1.bias") || to.ends_with("conv2.bias") {
                let n = tensor.shape[0];
                tensor.reshaped(vec![n, 1])
            } else {
                tensor
            };
            t.push((to, tensor));
            Ok(())
        };
        take("encoder.embed_positions.weight", "encoder.positional_embedding".into())?;
        for part in ["conv1.weight", "conv1.bias", "conv2.weight", "conv2.bias"] {
            take(&format!("encoder.{part}"), format!("encoder.{part}"))?;
        }
        let attention =
            |take: &mut dyn FnMut(&str, String) -> Result<(), Error>, from: &str, to: &str| -> Result<(), Error> {
                for (hf, cpp) in [("q_proj", "query"), ("k_proj", "key"), ("v_proj", "value"), ("out_proj", "out")] {
                    take(&format!("{from}.{hf}.weight"), format!("{to}.{cpp}.weight"))?;
                    if hf != "k_proj" {
                        take(&format!("{from}.{hf}.bias"), format!("{to}.{cpp}.bias"))?;
                    }
                }
                Ok(())
            };
        let norm = |take: &mut dyn FnMut(&str, String) -> Result<(), Error>, from: &str, to: &str| {
            take(&format!("{from}.weight"), format!("{to}.weight"))?;
            take(&format!("{from}.bias"), format!("{to}.bias"))
        };
        for (side, layers) in [("encoder", hparams.n_audio_layer), ("decoder", hparams.n_text_layer)] {
            if side == "decoder" {
                take("decoder.embed_positions.weight", "decoder.positional_embedding".into())?;
                take("decoder.embed_tokens.weight", "decoder.token_embedding.weight".into())?;
            }
            for i in 0..layers {
                let p = format!("{side}.layers.{i}");
                norm(&mut take, &format!("{p}.self_attn_layer_norm"), &block(side, i, "attn_ln"))?;
                attention(&mut take, &format!("{p}.self_attn"), &block(side, i, "attn"))?;
                if side == "decoder" {
                    norm(&mut take, &format!("{p}.encoder_attn_layer_norm"), &block(side, i, "cross_attn_ln"))?;
                    attention(&mut take, &format!("{p}.encoder_attn"), &block(side, i, "cross_attn"))?;
                }
                norm(&mut take, &format!("{p}.final_layer_norm"), &block(side, i, "mlp_ln"))?;
                norm(&mut take, &format!("{p}.fc1"), &block(side, i, "mlp.0"))?;
                norm(&mut take, &format!("{p}.fc2"), &block(side, i, "mlp.2"))?;
            }
        }
        norm(&mut take, "encoder.layer_norm", "encoder.ln_post")?;
        norm(&mut take, "decoder.layer_norm", "decoder.ln")?;
        let tokens = super::regular_tokens(&self.vocabulary, &self.vocabulary_path)?;
        Ok(Plan { hparams, tokens, tensors: t })
    }
}

/// The vocabulary in id order: `vocab.json` (token → id) with `added_tokens.json`, or `tokenizer.json`'s
/// `model.vocab` and `added_tokens`.
fn read_vocabulary(dir: &Path) -> Result<(Vec<String>, PathBuf), Error> {
    let mut by_id: BTreeMap<u64, String> = BTreeMap::new();
    let parse = |path: &Path| -> Result<Value, Error> {
        serde_json::from_str(&uraikal_io::read_utf8(path)?)
            .map_err(|e| Error::Invalid(format!("{}: not JSON ({e})", path.display())))
    };
    let vocab = dir.join("vocab.json");
    let tokenizer = dir.join("tokenizer.json");
    let source = if vocab.is_file() {
        for (token, id) in parse(&vocab)?.as_object().into_iter().flatten() {
            by_id.insert(id.as_u64().unwrap_or(u64::MAX), token.clone());
        }
        let added = dir.join("added_tokens.json");
        if added.is_file() {
            for (token, id) in parse(&added)?.as_object().into_iter().flatten() {
                by_id.insert(id.as_u64().unwrap_or(u64::MAX), token.clone());
            }
        }
        vocab
    } else if tokenizer.is_file() {
        let value = parse(&tokenizer)?;
        for (token, id) in value["model"]["vocab"].as_object().into_iter().flatten() {
            by_id.insert(id.as_u64().unwrap_or(u64::MAX), token.clone());
        }
        for added in value["added_tokens"].as_array().into_iter().flatten() {
            if let (Some(id), Some(token)) = (added["id"].as_u64(), added["content"].as_str()) {
                by_id.insert(id, token.to_string());
            }
        }
        tokenizer
    } else {
        return Err(Error::Invalid(format!("{}: missing vocab.json (or tokenizer.json)", dir.display())));
    };
    if by_id.keys().enumerate().any(|(i, &id)| i as u64 != id) {
        return Err(Error::Invalid(format!("{}: token ids are not 0, 1, 2, … without gaps", source.display())));
    }
    Ok((by_id.into_values().collect(), source))
}
