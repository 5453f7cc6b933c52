//! Transcription through an OpenAI-compatible HTTP endpoint (`POST …/v1/audio/transcriptions`, multipart form
//! data): OpenAI's own API, faster-whisper-server, vLLM, whisper.cpp's server.
//!
//! Each utterance is sent as a 16 kHz mono WAV of 32-bit floats — the very samples the whisper.cpp path decodes,
//! so a server running the same model sees the same input. The transport is [`ureq`]: `http://` and `https://`
//! (rustls, with the Mozilla roots of `webpki-roots`), one connection per request. Transient failures
//! (connection refused or reset, HTTP 429 and 5xx) are retried with exponential backoff; other HTTP errors fail
//! the utterance at once. An [`ApiTranscriber`] is shared by the threads of a concurrent run.

use std::fmt;
use std::io::{self, Read};
use std::time::Duration;

/// Where and how to send utterances.
#[derive(Debug, Clone)]
pub struct ApiConfig {
    /// The endpoint, e.g. `http://127.0.0.1:8080/v1/audio/transcriptions`.
    pub url: String,
    /// The `model` form field (e.g. `whisper-1`), when the server wants one.
    pub model: Option<String>,
    /// Bearer token for `Authorization` (read from the environment by the caller, never written anywhere).
    pub key: Option<String>,
    /// Language forced (`language` field); `auto` sends none, so the server detects it.
    pub language: String,
    /// The `temperature` field.
    pub temperature: f32,
    /// The `prompt` field.
    pub prompt: Option<String>,
    /// Further form fields, sent as given (e.g. whisper.cpp server's `beam_size`, `no_timestamps`).
    pub extra_fields: Vec<(String, String)>,
    /// Time allowed for a whole request: connecting, sending and reading the answer.
    pub timeout: Duration,
    /// Retries of a transient failure (so at most `retries + 1` attempts).
    pub retries: u32,
    /// Wait before the first retry; doubled at each further one.
    pub backoff: Duration,
}

impl ApiConfig {
    /// A configuration with the defaults: no model field, no key, language `ta`, temperature 0, 600 s timeout
    /// (a CPU server can take minutes on an utterance that loops through temperature fallbacks),
    /// 4 retries from 0.5 s.
    pub fn new(url: &str) -> ApiConfig {
        ApiConfig {
            url: url.to_string(),
            model: None,
            key: None,
            language: "ta".into(),
            temperature: 0.0,
            prompt: None,
            extra_fields: Vec::new(),
            timeout: Duration::from_secs(600),
            retries: 4,
            backoff: Duration::from_millis(500),
        }
    }

    /// What decides the hypotheses, for the sidecar's identity (the key is not part of it).
    pub fn identity(&self) -> serde_json::Value {
        serde_json::json!({
            "url": self.url,
            "api_model": self.model,
            "language": self.language,
            "temperature": (f64::from(self.temperature) * 1e6).round() / 1e6,
            "prompt": self.prompt,
            "extra_fields": self.extra_fields,
        })
    }
}

/// Why an utterance could not be transcribed, or a configuration is unusable.
#[derive(Debug)]
#[non_exhaustive]
pub enum ApiError {
    /// The URL is not `http[s]://host[:port]/path`.
    BadUrl(String, String),
    /// Connecting, sending or reading failed (after the retries).
    Transport(String, String),
    /// The server answered with an error status.
    Status(u16, String),
    /// The answer is not what an OpenAI-compatible endpoint returns.
    BadResponse(String),
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadUrl(url, why) => write!(f, "--url {url:?}: {why}"),
            ApiError::Transport(url, e) => write!(f, "{url}: {e}"),
            ApiError::Status(code, body) => write!(f, "the server answered HTTP {code}: {body}"),
            ApiError::BadResponse(why) => write!(f, "not an OpenAI-compatible transcription answer: {why}"),
        }
    }
}

impl std::error::Error for ApiError {}

/// Checks that `url` is `http[s]://host[:port]/path`, before any request is made.
fn check_url(url: &str) -> Result<(), ApiError> {
    let bad = |why: &str| ApiError::BadUrl(url.to_string(), why.to_string());
    let rest = url.strip_prefix("http://").or_else(|| url.strip_prefix("https://"));
    let rest = rest.ok_or_else(|| bad("not an http:// or https:// URL"))?;
    let authority = rest.split('/').next().unwrap_or_default();
    if authority.is_empty() {
        return Err(bad("no host"));
    }
    if let Some((_, port)) = authority.rsplit_once(':') {
        port.parse::<u16>().map_err(|_| bad("the port is not a number"))?;
    }
    Ok(())
}

/// A client for one endpoint.
#[derive(Debug, Clone)]
pub struct ApiTranscriber {
    config: ApiConfig,
    agent: ureq::Agent,
}

impl ApiTranscriber {
    /// Checks the URL (no request is made).
    pub fn new(config: ApiConfig) -> Result<ApiTranscriber, ApiError> {
        check_url(&config.url)?;
        // No idle connections: a server that closes after answering would otherwise fail the next POST, which
        // ureq does not resend.
        let agent = ureq::AgentBuilder::new()
            .timeout(config.timeout)
            .max_idle_connections(0)
            .user_agent(concat!("uraikal/", env!("CARGO_PKG_VERSION")))
            .build();
        Ok(ApiTranscriber { config, agent })
    }

    /// The configuration.
    pub fn config(&self) -> &ApiConfig {
        &self.config
    }

    /// Transcribes 16 kHz mono samples: posts them, retrying transient failures, and returns the `text` of the
    /// answer with the server's segment line breaks removed and the ends trimmed (as the whisper.cpp path does).
    pub fn transcribe(&self, samples: &[f32]) -> Result<String, ApiError> {
        let body = self.form(samples);
        let mut attempt = 0;
        loop {
            let outcome = self.post(&body);
            let transient = match &outcome {
                Ok((status, _)) => *status == 429 || *status >= 500,
                Err(_) => true,
            };
            if !transient || attempt >= self.config.retries {
                let (status, answer) = outcome.map_err(|e| ApiError::Transport(self.config.url.clone(), e))?;
                return read_answer(status, &answer);
            }
            std::thread::sleep(self.config.backoff * 2u32.saturating_pow(attempt));
            attempt += 1;
        }
    }

    /// The multipart body: the form fields, then the audio.
    fn form(&self, samples: &[f32]) -> (String, Vec<u8>) {
        let boundary = "----uraikal-7f3c9a1e5b2d4c68";
        let mut fields: Vec<(&str, String)> = vec![("response_format", "json".into())];
        if let Some(model) = &self.config.model {
            fields.push(("model", model.clone()));
        }
        if self.config.language != "auto" {
            fields.push(("language", self.config.language.clone()));
        }
        fields.push(("temperature", format!("{}", self.config.temperature)));
        if let Some(prompt) = &self.config.prompt {
            fields.push(("prompt", prompt.clone()));
        }
        fields.extend(self.config.extra_fields.iter().map(|(k, v)| (k.as_str(), v.clone())));
        let mut body = Vec::new();
        for (name, value) in fields {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            );
        }
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"audio.wav\"\r\n\
                 Content-Type: audio/wav\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(&wav_f32(samples));
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        (boundary.to_string(), body)
    }

    /// One POST; the status and the body, or why no answer came.
    fn post(&self, (boundary, body): &(String, Vec<u8>)) -> Result<(u16, Vec<u8>), String> {
        let mut request = self
            .agent
            .post(&self.config.url)
            .set("Accept", "application/json")
            .set("Content-Type", &format!("multipart/form-data; boundary={boundary}"));
        if let Some(key) = &self.config.key {
            request = request.set("Authorization", &format!("Bearer {key}"));
        }
        let response = match request.send_bytes(body) {
            Ok(response) | Err(ureq::Error::Status(_, response)) => response,
            Err(ureq::Error::Transport(e)) => return Err(e.to_string()),
        };
        let status = response.status();
        let mut answer = Vec::new();
        response.into_reader().take(64 << 20).read_to_end(&mut answer).map_err(|e| e.to_string())?;
        Ok((status, answer))
    }
}

/// A 16 kHz mono WAV of 32-bit float samples.
fn wav_f32(samples: &[f32]) -> Vec<u8> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: crate::audio::WHISPER_SAMPLE_RATE,
        bits_per_sample: 32,
        sample_format: hound::SampleFormat::Float,
    };
    let mut cursor = io::Cursor::new(Vec::new());
    {
        let mut writer = hound::WavWriter::new(&mut cursor, spec).expect("writing a WAV header to memory");
        for &sample in samples {
            writer.write_sample(sample).expect("writing to memory");
        }
        writer.finalize().expect("writing to memory");
    }
    cursor.into_inner()
}

/// The transcript of an answer: `{"text": …}` on success.
fn read_answer(status: u16, body: &[u8]) -> Result<String, ApiError> {
    let text = String::from_utf8_lossy(body);
    if !(200..300).contains(&status) {
        let snippet: String = text.chars().take(300).collect();
        return Err(ApiError::Status(status, snippet));
    }
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| ApiError::BadResponse(format!("{e}: {:.200}", text)))?;
    let transcript = value["text"].as_str().ok_or_else(|| ApiError::BadResponse(format!("no \"text\" in {value}")))?;
    Ok(transcript.lines().collect::<String>().trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        assert!(check_url("http://127.0.0.1:8080/v1/audio/transcriptions").is_ok());
        assert!(check_url("https://api.openai.com/v1/audio/transcriptions").is_ok());
        assert!(check_url("http://localhost").is_ok());
        assert!(check_url("ftp://x").unwrap_err().to_string().contains("not an http"));
        assert!(check_url("http://h:port/").is_err());
        assert!(check_url("https:///path").is_err());
    }

    #[test]
    fn answers() {
        assert_eq!(read_answer(200, b"{\"text\": \" a\\n b\\n\"}").unwrap(), "a b");
        assert!(
            matches!(read_answer(401, b"{\"error\": \"bad key\"}"), Err(ApiError::Status(401, m)) if m.contains("bad key"))
        );
        assert!(matches!(read_answer(200, b"garbage"), Err(ApiError::BadResponse(_))));
        assert!(matches!(read_answer(200, b"{}"), Err(ApiError::BadResponse(_))));
    }

    /// A listener on 127.0.0.1 that answers 503 twice, then 200: the client retries through the 503s and
    /// sends the form fields and the audio.
    #[test]
    fn retries_transient_failures() {
        use std::net::TcpListener;
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = std::thread::spawn(move || {
            let mut requests = Vec::new();
            for k in 0..3 {
                let (mut stream, _) = listener.accept().unwrap();
                use std::io::Write;
                let mut request = Vec::new();
                let mut buffer = [0u8; 4096];
                while !String::from_utf8_lossy(&request).contains("--\r\n") {
                    let n = stream.read(&mut buffer).unwrap();
                    if n == 0 {
                        break;
                    }
                    request.extend_from_slice(&buffer[..n]);
                }
                let answer: &[u8] = if k < 2 {
                    b"HTTP/1.1 503 Busy\r\nContent-Length: 4\r\n\r\nbusy"
                } else {
                    b"HTTP/1.1 200 OK\r\nContent-Length: 17\r\n\r\n{\"text\": \" done\"}"
                };
                stream.write_all(answer).unwrap();
                requests.push(String::from_utf8_lossy(&request).into_owned());
            }
            requests
        });
        let mut config = ApiConfig::new(&format!("http://127.0.0.1:{port}/v1/audio/transcriptions"));
        config.backoff = Duration::from_millis(10);
        config.model = Some("whisper-1".into());
        config.key = Some("secret".into());
        let transcriber = ApiTranscriber::new(config).unwrap();
        assert_eq!(transcriber.transcribe(&[0.0; 160]).unwrap(), "done");
        let requests = server.join().unwrap();
        assert_eq!(requests.len(), 3);
        let last = &requests[2];
        assert!(last.starts_with("POST /v1/audio/transcriptions HTTP/1.1\r\n"));
        assert!(last.to_ascii_lowercase().contains("authorization: bearer secret\r\n"));
        assert!(last.contains("name=\"model\"\r\n\r\nwhisper-1\r\n"));
        assert!(last.contains("name=\"language\"\r\n\r\nta\r\n"));
        assert!(last.contains("filename=\"audio.wav\""));
        assert!(!transcriber.config().identity().to_string().contains("secret"));
    }

    #[test]
    fn wav_round_trip() {
        let samples = [0.0f32, 0.25, -1.0, 0.123_456_79];
        let mut reader = hound::WavReader::new(io::Cursor::new(wav_f32(&samples))).unwrap();
        assert_eq!(reader.spec().sample_rate, 16_000);
        let back: Vec<f32> = reader.samples::<f32>().map(Result::unwrap).collect();
        assert_eq!(back, samples);
    }
}
