//! Tamil prosody (யாப்பு): a verse's letters → அசை (நேர், நிரை) → சீர் with its வாய்பாடு → தளை between cirs →
//! a verdict on the metre, with every problem named. It is the strongest test `uraikal_text::letters` gets:
//! classical metre is defined on letters and their lengths, and all 1,330 kurals of the Thirukkural are
//! scanned in the test suite (docs/yaappu.md explains every kural that does not scan).
//!
//! ```
//! let scan = uraikal_yaappu::scan("அகர முதல எழுத்தெல்லாம் ஆதி\nபகவன் முதற்றே உலகு.");
//! assert!(scan.valid);
//! assert_eq!(scan.metre, Some("குறள் வெண்பா"));
//! let patterns: Vec<_> = scan.cirs.iter().map(|c| c.pattern.unwrap()).collect();
//! assert_eq!(patterns, ["புளிமா", "புளிமா", "புளிமாங்காய்", "தேமா", "புளிமா", "புளிமா", "பிறப்பு"]);
//! assert_eq!(scan.cirs[2].asai_text, ["எழுத்", "தெல்", "லாம்"]);
//! ```
//!
//! The rules, their sources and their order are in SPEC.md section Y. In short: the text is cleaned (with the
//! legacy ெள → ௌ repair, as old editions need); kutriyalukaram before a vowel elides, inside a word and across
//! words (வான்நின்று உலகம் scans as வான்நின் றுலகம்); a mei before a vowel inside a word joins it; mei and ஃ
//! attach to the syllable before; optional-weight letters (alapedai, kutriyalukaram, kutriyalikaram, and the
//! weight of ஃ) are counted as written and toggled, fewest first, only when the verse fails otherwise.
#![deny(missing_docs)]

mod json;
mod letter;
mod scan;

pub use scan::scan;

/// The two அசை.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asai {
    /// நேர்: one syllable (a kuril or nedil, with any mei after it).
    Ner,
    /// நிரை: a kuril not closed by a mei, then a kuril or nedil (with any mei after it).
    Nirai,
}

impl Asai {
    /// The Tamil name.
    pub fn name(self) -> &'static str {
        match self {
            Asai::Ner => "நேர்",
            Asai::Nirai => "நிரை",
        }
    }
}

/// The seven தளை (the link between a cir and the next one's first asai).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Talai {
    /// மா → நேர்.
    NerOndruAasiriyam,
    /// விளம் → நிரை.
    NiraiOndruAasiriyam,
    /// மா → நிரை, or விளம் → நேர்.
    IyarcirVendalai,
    /// காய் → நேர்.
    VencirVendalai,
    /// காய் → நிரை.
    Kalitalai,
    /// கனி → நிரை.
    OndriyaVanjitalai,
    /// கனி → நேர்.
    OndraathaVanjitalai,
}

impl Talai {
    /// The Tamil name.
    pub fn name(self) -> &'static str {
        match self {
            Talai::NerOndruAasiriyam => "நேரொன்றாசிரியத்தளை",
            Talai::NiraiOndruAasiriyam => "நிரையொன்றாசிரியத்தளை",
            Talai::IyarcirVendalai => "இயற்சீர் வெண்டளை",
            Talai::VencirVendalai => "வெண்சீர் வெண்டளை",
            Talai::Kalitalai => "கலித்தளை",
            Talai::OndriyaVanjitalai => "ஒன்றிய வஞ்சித்தளை",
            Talai::OndraathaVanjitalai => "ஒன்றாத வஞ்சித்தளை",
        }
    }

    /// The two talais a வெண்பா allows.
    pub fn is_vendalai(self) -> bool {
        matches!(self, Talai::IyarcirVendalai | Talai::VencirVendalai)
    }
}

/// Letters whose weight the grammar leaves optional ("அலகு பெறா" when the cir or talai would break).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Optional {
    /// A word-final கு சு டு து பு று after two or more letters, or after one nedil: counted as written;
    /// toggled, it carries no weight.
    Kutriyalukaram,
    /// The இ that kutriyalukaram becomes before ய (நாடியாது): toggled, it carries no weight.
    Kutriyalikaram,
    /// A short vowel written after its nedil (தொழாஅர், தூஉம்): toggled, it carries no weight.
    Alapedai,
    /// ஃ: no weight as written; toggled, it counts as a kuril.
    Aaytham,
}

impl Optional {
    /// A short English name, as the JSON output uses.
    pub fn name(self) -> &'static str {
        match self {
            Optional::Kutriyalukaram => "kutriyalukaram",
            Optional::Kutriyalikaram => "kutriyalikaram",
            Optional::Alapedai => "alapedai",
            Optional::Aaytham => "aaytham",
        }
    }
}

/// One சீர் of the scansion.
#[derive(Debug, Clone, PartialEq)]
pub struct Cir {
    /// The cir as scanned (after sandhi: `றுலகம்`, not `உலகம்`).
    pub text: String,
    /// Its letters; they concatenate to `text`.
    pub letters: Vec<String>,
    /// Its asai.
    pub asai: Vec<Asai>,
    /// The letters of each asai (`["அக", "ர"]`); they concatenate to `text`.
    pub asai_text: Vec<String>,
    /// The வாய்பாடு (தேமா, புளிமாங்காய், பிறப்பு, …); None for a cir of five or more asai.
    pub pattern: Option<&'static str>,
    /// The 1-based line of the verse it stands in.
    pub line: usize,
    /// Its optional-weight letters.
    pub optional: Vec<(String, Optional)>,
}

/// An optional-weight letter whose default was toggled to make the verse scan.
#[derive(Debug, Clone, PartialEq)]
pub struct Toggle {
    /// The 1-based cir it stands in.
    pub cir: usize,
    /// The letter.
    pub letter: String,
    /// What kind of optional letter it is.
    pub kind: Optional,
}

/// The scansion of a verse and the verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct Scan {
    /// True when the verse is a well-formed வெண்பா.
    pub valid: bool,
    /// The metre when the rules decide it: குறள் வெண்பா (2 lines), சிந்தியல் வெண்பா (3), அளவியல் வெண்பா (4),
    /// பஃறொடை வெண்பா (5 or more); None when the verse breaks a rule.
    pub metre: Option<&'static str>,
    /// Cirs per line.
    pub lines: Vec<usize>,
    /// The cirs in order.
    pub cirs: Vec<Cir>,
    /// The talai between each pair of neighbouring cirs, across line breaks too.
    pub talai: Vec<Talai>,
    /// Every rule the verse breaks, naming the cir or talai; empty when valid.
    pub problems: Vec<String>,
    /// The optional-weight letters toggled to make it scan (fewest first); empty when none were needed.
    pub toggles: Vec<Toggle>,
}
