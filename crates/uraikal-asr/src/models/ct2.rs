//! CTranslate2 Whisper folders (faster-whisper's format): `model.bin`, `config.json`, `vocabulary.txt` (or
//! `.json`). `model.bin` as CTranslate2 writes it (binary versions 4 to 6, little-endian): an i32 version,
//! the spec name and an i32 revision, a u32 count of variables, each a name (u16 length with the NUL, then
//! the bytes), a u8 rank, u32 dimensions, a u8 type (0 f32, 1 i8, 2 i16, 3 i32, 4 f16, 5 bf16), a u32 byte
//! count and the data; then u32 aliases (name, target). CTranslate2 fuses the self-attention's query, key and
//! value into one `linear_0` and the cross-attention's key and value into `linear_1`; here they are split
//! again into whisper.cpp's separate tensors (the key's bias, zero in Whisper, is dropped: whisper.cpp has none).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::{block, DType, Error, Hparams, Plan, RawTensor};

struct Variable {
    dtype: u8,
    shape: Vec<usize>,
    range: std::ops::Range<usize>,
}

/// A loaded CTranslate2 model.
pub(crate) struct Ct2Model {
    dir: PathBuf,
    bytes: Vec<u8>,
    variables: HashMap<String, Variable>,
    vocabulary: Vec<String>,
    vocabulary_path: PathBuf,
}

struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    path: &'a Path,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], Error> {
        if self.pos + n > self.bytes.len() {
            return Err(Error::Invalid(format!(
                "{}: ends at byte {} inside {what} (a truncated or incompletely joined model.bin?)",
                self.path.display(),
                self.bytes.len()
            )));
        }
        let slice = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(slice)
    }
    fn u8(&mut self, what: &str) -> Result<u8, Error> {
        Ok(self.take(1, what)?[0])
    }
    fn u16(&mut self, what: &str) -> Result<u16, Error> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self, what: &str) -> Result<u32, Error> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn string(&mut self, what: &str) -> Result<String, Error> {
        let n = self.u16(what)? as usize;
        let b = self.take(n, what)?;
        Ok(String::from_utf8_lossy(b.strip_suffix(&[0]).unwrap_or(b)).into_owned())
    }
}

impl Ct2Model {
    /// Reads `dir/model.bin` and the vocabulary.
    pub(crate) fn load(dir: &Path) -> Result<Ct2Model, Error> {
        let path = dir.join("model.bin");
        let bytes = uraikal_io::read_bytes(&path)?;
        let mut c = Cursor { bytes: &bytes, pos: 0, path: &path };
        let version = c.u32("the binary version")?;
        if !(4..=6).contains(&version) {
            return Err(Error::Invalid(format!(
                "{}: CTranslate2 binary version {version}; this converter reads versions 4 to 6 (CTranslate2 3.x \
                 and 4.x)",
                path.display()
            )));
        }
        let spec = c.string("the spec name")?;
        if spec != "WhisperSpec" {
            return Err(Error::Invalid(format!("{}: a CTranslate2 {spec}, not a Whisper model", path.display())));
        }
        c.u32("the spec revision")?;
        let count = c.u32("the variable count")?;
        let mut variables = HashMap::new();
        for _ in 0..count {
            let name = c.string("a variable name")?;
            let rank = c.u8("a rank")?;
            let shape = (0..rank).map(|_| c.u32("a dimension").map(|d| d as usize)).collect::<Result<Vec<_>, _>>()?;
            let dtype = c.u8("a type")?;
            let n = c.u32("a byte count")? as usize;
            let start = c.pos;
            c.take(n, &name)?;
            variables.insert(name, Variable { dtype, shape, range: start..start + n });
        }
        // Aliases (the tied output projection) name variables already read; nothing to add.
        let (vocabulary, vocabulary_path) = read_vocabulary(dir)?;
        Ok(Ct2Model { dir: dir.to_path_buf(), bytes, variables, vocabulary, vocabulary_path })
    }

    fn tensor(&self, name: &str) -> Result<RawTensor<'_>, Error> {
        let v = self.variables.get(name).ok_or_else(|| self.missing(name))?;
        let dtype = match v.dtype {
            0 => DType::F32,
            4 => DType::F16,
            5 => DType::BF16,
            1 => {
                return Err(Error::Invalid(format!(
                    "{}: {name} is int8 (a model converted with --quantization int8); convert the original with \
                     float16 or float32 instead",
                    self.dir.display()
                )))
            }
            t => return Err(Error::Invalid(format!("{}: {name} has type {t}, not a float", self.dir.display()))),
        };
        Ok(RawTensor { dtype, shape: v.shape.clone(), bytes: &self.bytes[v.range.clone()] })
    }

    fn scalar(&self, name: &str) -> Result<usize, Error> {
        let v = self.variables.get(name).ok_or_else(|| self.missing(name))?;
        let b = &self.bytes[v.range.clone()];
        Ok(match v.dtype {
            1 => b[0] as usize,
            2 => u16::from_le_bytes([b[0], b[1]]) as usize,
            3 => u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize,
            t => return Err(Error::Invalid(format!("{}: {name} has type {t}, not an integer", self.dir.display()))),
        })
    }

    fn missing(&self, name: &str) -> Error {
        Error::Invalid(format!("{}: model.bin has no {name}: not a Whisper model", self.dir.display()))
    }

    fn layers(&self, side: &str) -> usize {
        (0..).take_while(|i| self.variables.keys().any(|k| k.starts_with(&format!("{side}/layer_{i}/")))).count()
    }

    /// whisper.cpp's tensors and hyperparameters.
    pub(crate) fn plan(&self) -> Result<Plan<'_>, Error> {
        let embeddings = self.tensor("decoder/embeddings/weight")?;
        let audio_pos = self.tensor("encoder/position_encodings/encodings")?;
        let text_pos = self.tensor("decoder/position_encodings/encodings")?;
        let conv1 = self.tensor("encoder/conv1/weight")?;
        let hparams = Hparams {
            n_vocab: embeddings.shape[0],
            n_audio_ctx: audio_pos.shape[0],
            n_audio_state: audio_pos.shape[1],
            n_audio_head: self.scalar("encoder/num_heads")?,
            n_audio_layer: self.layers("encoder"),
            n_text_ctx: text_pos.shape[0],
            n_text_state: embeddings.shape[1],
            n_text_head: self.scalar("decoder/num_heads")?,
            n_text_layer: self.layers("decoder"),
            n_mels: conv1.shape[1],
        };
        let mut t: Vec<(String, RawTensor<'_>)> = Vec::new();
        let (a, d) = (hparams.n_audio_state, hparams.n_text_state);
        t.push(("encoder.positional_embedding".into(), audio_pos));
        t.push(("encoder.conv1.weight".into(), conv1));
        t.push(("encoder.conv1.bias".into(), self.column("encoder/conv1/bias")?));
        t.push(("encoder.conv2.weight".into(), self.tensor("encoder/conv2/weight")?));
        t.push(("encoder.conv2.bias".into(), self.column("encoder/conv2/bias")?));
        for i in 0..hparams.n_audio_layer {
            let p = format!("encoder/layer_{i}");
            self.norm(&mut t, &format!("{p}/self_attention/layer_norm"), block("encoder", i, "attn_ln"))?;
            self.qkv(&mut t, &format!("{p}/self_attention/linear_0"), &block("encoder", i, "attn"), a)?;
            self.linear(&mut t, &format!("{p}/self_attention/linear_1"), block("encoder", i, "attn.out"))?;
            self.ffn(&mut t, &p, "encoder", i)?;
        }
        self.norm(&mut t, "encoder/layer_norm", "encoder.ln_post".into())?;
        t.push(("decoder.positional_embedding".into(), text_pos));
        t.push(("decoder.token_embedding.weight".into(), embeddings));
        for i in 0..hparams.n_text_layer {
            let p = format!("decoder/layer_{i}");
            self.norm(&mut t, &format!("{p}/self_attention/layer_norm"), block("decoder", i, "attn_ln"))?;
            self.qkv(&mut t, &format!("{p}/self_attention/linear_0"), &block("decoder", i, "attn"), d)?;
            self.linear(&mut t, &format!("{p}/self_attention/linear_1"), block("decoder", i, "attn.out"))?;
            self.norm(&mut t, &format!("{p}/attention/layer_norm"), block("decoder", i, "cross_attn_ln"))?;
            self.linear(&mut t, &format!("{p}/attention/linear_0"), block("decoder", i, "cross_attn.query"))?;
            let kv = self.tensor(&format!("{p}/attention/linear_1/weight"))?;
            let kv_bias = self.tensor(&format!("{p}/attention/linear_1/bias"))?;
            t.push((block("decoder", i, "cross_attn.key.weight"), kv.rows(0, d)));
            t.push((block("decoder", i, "cross_attn.value.weight"), kv.rows(d, 2 * d)));
            t.push((block("decoder", i, "cross_attn.value.bias"), kv_bias.rows(d, 2 * d)));
            self.linear(&mut t, &format!("{p}/attention/linear_2"), block("decoder", i, "cross_attn.out"))?;
            self.ffn(&mut t, &p, "decoder", i)?;
        }
        self.norm(&mut t, "decoder/layer_norm", "decoder.ln".into())?;
        let tokens = super::regular_tokens(&self.vocabulary, &self.vocabulary_path)?;
        Ok(Plan { hparams, tokens, tensors: t })
    }

    /// A conv bias as whisper.cpp loads it: a column.
    fn column(&self, name: &str) -> Result<RawTensor<'_>, Error> {
        let r = self.tensor(name)?;
        let n = r.shape[0];
        Ok(r.reshaped(vec![n, 1]))
    }

    fn norm<'s>(&'s self, t: &mut Vec<(String, RawTensor<'s>)>, from: &str, to: String) -> Result<(), Error> {
        t.push((format!("{to}.weight"), self.tensor(&format!("{from}/gamma"))?));
        t.push((format!("{to}.bias"), self.tensor(&format!("{from}/beta"))?));
        Ok(())
    }

    fn linear<'s>(&'s self, t: &mut Vec<(String, RawTensor<'s>)>, from: &str, to: String) -> Result<(), Error> {
        t.push((format!("{to}.weight"), self.tensor(&format!("{from}/weight"))?));
        t.push((format!("{to}.bias"), self.tensor(&format!("{from}/bias"))?));
        Ok(())
    }

    fn qkv<'s>(&'s self, t: &mut Vec<(String, RawTensor<'s>)>, from: &str, to: &str, n: usize) -> Result<(), Error> {
        let w = self.tensor(&format!("{from}/weight"))?;
        let b = self.tensor(&format!("{from}/bias"))?;
        if w.shape[0] != 3 * n {
            return Err(Error::Invalid(format!(
                "{}: {from}/weight has {} rows, not 3 × {n} (query, key, value)",
                self.dir.display(),
                w.shape[0]
            )));
        }
        t.push((format!("{to}.query.weight"), w.rows(0, n)));
        t.push((format!("{to}.query.bias"), b.rows(0, n)));
        t.push((format!("{to}.key.weight"), w.rows(n, 2 * n)));
        t.push((format!("{to}.value.weight"), w.rows(2 * n, 3 * n)));
        t.push((format!("{to}.value.bias"), b.rows(2 * n, 3 * n)));
        Ok(())
    }

    fn ffn<'s>(&'s self, t: &mut Vec<(String, RawTensor<'s>)>, p: &str, side: &str, i: usize) -> Result<(), Error> {
        self.norm(t, &format!("{p}/ffn/layer_norm"), block(side, i, "mlp_ln"))?;
        self.linear(t, &format!("{p}/ffn/linear_0"), block(side, i, "mlp.0"))?;
        self.linear(t, &format!("{p}/ffn/linear_1"), block(side, i, "mlp.2"))
    }
}

/// `vocabulary.json` (a JSON list) or `vocabulary.txt` (one token a line).
fn read_vocabulary(dir: &Path) -> Result<(Vec<String>, PathBuf), Error> {
    let json = dir.join("vocabulary.json");
    if json.is_file() {
        let text = uraikal_io::read_utf8(&json)?;
        let tokens: Vec<String> = serde_json::from_str(&text)
            .map_err(|e| Error::Invalid(format!("{}: not a JSON list of tokens ({e})", json.display())))?;
        return Ok((tokens, json));
    }
    let txt = dir.join("vocabulary.txt");
    if !txt.is_file() {
        return Err(Error::Invalid(format!(
            "{}: missing vocabulary.txt (or vocabulary.json): the CTranslate2 folder has weights but no vocabulary",
            dir.display()
        )));
    }
    let text = uraikal_io::read_utf8(&txt)?;
    // One token a line; a line may be empty (Whisper's token 50256 is the empty string), so only the final
    // newline's empty remainder is dropped.
    let body = text.strip_suffix('\n').unwrap_or(&text);
    Ok((body.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l).to_string()).collect(), txt))
}
