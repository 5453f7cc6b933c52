//! The registry of encodings: names, aliases and kinds, in the order `uraikal legacy list` prints them.

/// What an encoding is: a font's glyph layout, an 8/16-bit character set, or a Latin romanisation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A font encoding: ASCII / Latin-1 code points stand for the font's Tamil glyphs, in visual order.
    Font,
    /// A standard character set (TSCII, TAB, TAM, TACE16).
    Charset,
    /// A Latin transliteration (roman, koeln, diacritic).
    Romanisation,
}

impl Kind {
    /// The name `legacy list --json` prints: "font", "charset" or "romanisation".
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Font => "font",
            Kind::Charset => "charset",
            Kind::Romanisation => "romanisation",
        }
    }
}

/// One encoding's name (open-tamil's spelling), its aliases and kind.
pub(crate) struct Entry {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub kind: Kind,
}

/// Sorted by name; the index into this list is an `Encoding`'s identity (the tables are sorted the same way).
pub(crate) static ENTRIES: &[Entry] = &[
    Entry { name: "anjal", aliases: &["anjal-font"], kind: Kind::Font },
    Entry { name: "anu", aliases: &["anu-graphics"], kind: Kind::Font },
    Entry { name: "bamini", aliases: &["baamini"], kind: Kind::Font },
    Entry { name: "boomi", aliases: &["bhoomi"], kind: Kind::Font },
    Entry { name: "diacritic", aliases: &["iso-15919", "diacritics"], kind: Kind::Romanisation },
    Entry { name: "dinakaran", aliases: &["dhinakaran"], kind: Kind::Font },
    Entry { name: "dinamani", aliases: &["dhinamani"], kind: Kind::Font },
    Entry { name: "dinathanthy", aliases: &["dinathanthi", "dailythanthi", "daily-thanthi"], kind: Kind::Font },
    Entry { name: "indica", aliases: &[], kind: Kind::Font },
    Entry { name: "indoweb", aliases: &["indo-web"], kind: Kind::Font },
    Entry { name: "kavipriya", aliases: &[], kind: Kind::Font },
    Entry { name: "koeln", aliases: &["cologne", "koln"], kind: Kind::Romanisation },
    Entry { name: "libi", aliases: &["lipi"], kind: Kind::Font },
    Entry { name: "murasoli", aliases: &[], kind: Kind::Font },
    Entry { name: "mylai", aliases: &["mylai-font"], kind: Kind::Font },
    Entry { name: "nakkeeran", aliases: &["nakkiran"], kind: Kind::Font },
    Entry { name: "oldvikatan", aliases: &["old-vikatan", "vikatan"], kind: Kind::Font },
    Entry { name: "pallavar", aliases: &[], kind: Kind::Font },
    Entry { name: "roman", aliases: &["romanised", "romanized"], kind: Kind::Romanisation },
    Entry { name: "shreelipi", aliases: &["shree-lipi", "shree_lipi", "srilipi"], kind: Kind::Font },
    Entry { name: "shreelipiavid", aliases: &["shree-lipi-avid", "shreelipi-avid"], kind: Kind::Font },
    Entry { name: "softview", aliases: &["soft-view"], kind: Kind::Font },
    Entry { name: "tab", aliases: &["tab-tamil", "tamil-bilingual"], kind: Kind::Charset },
    Entry { name: "tace", aliases: &["tace16", "tace-16"], kind: Kind::Charset },
    Entry { name: "tam", aliases: &["tam-tamil", "tamil-monolingual"], kind: Kind::Charset },
    Entry { name: "tscii", aliases: &["tscii-1.7", "tscii1.7", "tscii-17"], kind: Kind::Charset },
    Entry { name: "vanavil", aliases: &["vanavil-avvaiyar"], kind: Kind::Font },
    Entry { name: "webulagam", aliases: &["web-ulagam"], kind: Kind::Font },
];

/// Lower case without '-', '_', '.' and spaces: "Shree-Lipi" and "shree_lipi" both become "shreelipi".
fn fold(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, '-' | '_' | '.' | ' ')).flat_map(char::to_lowercase).collect()
}

/// The index of the encoding a name or alias means (case, '-', '_', '.' and spaces ignored).
pub(crate) fn lookup(name: &str) -> Option<usize> {
    let wanted = fold(name);
    ENTRIES.iter().position(|e| fold(e.name) == wanted || e.aliases.iter().any(|a| fold(a) == wanted))
}
