//! The test vectors of ../shared/docs/reference/tamil.md §3 and §4 (copied here; the reference is text we
//! may quote), through one helper per function.

use uraikal_numbers::{from_numerals, to_digits, to_ordinal_words, to_words, ErrorKind, Register};

fn check_words(n: i64, written: &str, spoken: &str) {
    assert_eq!(to_words(n, Register::Written).unwrap(), written, "to_words({n}, Written)");
    assert_eq!(to_words(n, Register::Spoken).unwrap(), spoken, "to_words({n}, Spoken)");
}

fn check_digits(text: &str, expected: &str) {
    assert_eq!(to_digits(text), expected, "to_digits({text:?})");
}

#[test]
fn to_words_vectors() {
    // SPEC U1–U4; tamil.md §3 "to_words".
    for (n, written, spoken) in [
        (0, "பூஜ்ஜியம்", "சைபர்"),
        (12, "பன்னிரண்டு", "பன்னெண்டு"),
        (19, "பத்தொன்பது", "பத்தொம்போது"),
        (21, "இருபத்தொன்று", "இருவத்தொண்ணு"),
        (44, "நாற்பத்துநான்கு", "நாப்பத்திநாலு"),
        (92, "தொண்ணூற்றிரண்டு", "தொண்ணூத்திரெண்டு"),
        (108, "நூற்று எட்டு", "நூத்தி எட்டு"),
        (250, "இருநூற்று ஐம்பது", "எரநூத்தி அம்பது"),
        (315, "முந்நூற்று பதினைந்து", "முன்னூத்தி பதினஞ்சு"),
        (1956, "ஆயிரத்து தொள்ளாயிரத்து ஐம்பத்தாறு", "ஆயிரத்தி தொள்ளாயிரத்தி அம்பத்தாறு"),
        (2300, "இரண்டாயிரத்து முந்நூறு", "ரெண்டாயிரத்தி முன்னூறு"),
        (2024, "இரண்டாயிரத்து இருபத்துநான்கு", "ரெண்டாயிரத்தி இருவத்திநாலு"),
        (11000, "பதினோராயிரம்", "பதினோராயிரம்"),
        (120000, "ஒரு லட்சத்து இருபதாயிரம்", "ஒரு லட்சத்தி இருவதாயிரம்"),
        (
            12030405,
            "ஒரு கோடியே இருபது லட்சத்து முப்பதாயிரத்து நானூற்று ஐந்து",
            "ஒரு கோடியே இருவது லட்சத்தி முப்பதாயிரத்தி நானூத்தி அஞ்சு",
        ),
        (-5, "கழித்தல் ஐந்து", "மைனஸ் அஞ்சு"),
        (3000, "மூவாயிரம்", "மூவாயிரம்"),
        (21000, "இருபத்தோராயிரம்", "இருவத்தோராயிரம்"),
        (1_000_000_000, "நூறு கோடி", "நூறு கோடி"),
    ] {
        check_words(n, written, spoken);
    }
    assert!(matches!(
        to_words(1_000_000_000_000_000, Register::Spoken).unwrap_err().kind(),
        ErrorKind::OutOfRange { .. }
    ));
}

#[test]
fn ordinal_vectors() {
    for (n, register, expected) in [
        (1, Register::Spoken, "ஒண்ணாவது"),
        (1, Register::Written, "முதலாவது"),
        (2, Register::Spoken, "ரெண்டாவது"),
        (2, Register::Written, "இரண்டாவது"),
        (5, Register::Spoken, "அஞ்சாவது"),
        (100, Register::Spoken, "நூறாவது"),
        (1000, Register::Written, "ஆயிரமாவது"),
        (10_000_000, Register::Spoken, "ஒரு கோடியாவது"),
    ] {
        assert_eq!(to_ordinal_words(n, register).unwrap(), expected, "to_ordinal_words({n}, {register:?})");
    }
}

#[test]
fn to_digits_vectors() {
    // SPEC U5–U8; tamil.md §3 "to_digits" vectors, then the issue's own examples.
    for (text, expected) in [
        ("முன்னூறுல பதினஞ்சு", "300ல 15"),
        ("ரெண்டாயிரத்தி முன்னூறு", "2300"),
        ("முன்னூத்தி பதினஞ்சு", "315"),
        ("நூத்துக்கு தொண்ணூறு", "100க்கு 90"),
        ("ஆயிரத்துல ஒருத்தன்", "1000ல ஒருத்தன்"),
        ("மூணுல ரெண்டு பங்கு", "3ல 2 பங்கு"),
        ("இருவத்தஞ்சு பேரு", "25 பேரு"),
        ("தொண்ணூத்திரெண்டு", "92"),
        ("ஒரு லட்சத்தி இருவதாயிரம்", "120000"),
        ("ரெண்டு லட்சம்", "2 லட்சம்"),
        ("அஞ்சாவது", "5ஆவது"),
        ("ரெண்டாம் தேதி", "2ஆம் தேதி"),
        ("ரெண்டோட", "2ஓட"),
        ("ரெண்டு மூணு நாள்", "2-3 நாள்"),
        ("ஒரு ஆளு", "ஒரு ஆளு"),
        ("ரெண்டும்", "ரெண்டும்"),
        ("இருபத்து நான்கு", "24"),
        // The variants and suffixes.
        ("பனிரெண்டு, ஒன்னு, ஒம்பது", "12, 1, 9"),
        ("ஒரு இலட்சம்", "1 இலட்சம்"),
        ("ரெண்டாயிரம் முன்னூறு", "2300"),
        ("மூணே", "மூணே"),
        ("லட்சம் பேர்", "லட்சம் பேர்"),
        ("ஆயிரம் பேர்", "1000 பேர்"),
        ("மூணு லேருந்து", "3 லேருந்து"),
        ("மூணுலேருந்து அஞ்சால", "3லேருந்து 5ஆல"),
        ("ரெண்டுதான்", "2தான்"),
        ("ஆறுமுகம் வந்தான்", "ஆறுமுகம் வந்தான்"),
        ("ஏழை மக்கள்", "ஏழை மக்கள்"),
        // Decimals, negatives, digit strings, ranges with a kept scale word.
        ("ரெண்டு புள்ளி அஞ்சு", "2.5"),
        ("மைனஸ் அஞ்சு டிகிரி", "-5 டிகிரி"),
        ("ஒம்போது எட்டு ஏழு ஆறு அஞ்சு, நாலு மூணு ரெண்டு ஒண்ணு சைபர்", "98765, 43210"),
        ("ரெண்டு மூணு லட்சம் பேர்", "2-3 லட்சம் பேர்"),
        ("நூறு கோடி ரூபா", "100 கோடி ரூபா"),
        ("அஞ்சு கோடியே ரெண்டு லட்சம்", "50200000"),
    ] {
        check_digits(text, expected);
    }
}

#[test]
fn numeral_errors_name_the_position() {
    for (text, position) in [("௲௲", 1), ("௱௱", 1), ("௧௰", 1), ("௲௦", 1), (" ௨௱௫x", 4)] {
        let err = from_numerals(text).unwrap_err();
        let got = match err.kind() {
            ErrorKind::MalformedNumeral { position } | ErrorKind::MixedSystems { position } => *position,
            ErrorKind::NotANumeral { position, .. } => *position,
            other => panic!("{text}: unexpected {other:?}"),
        };
        assert_eq!(got, position, "{text}: {err}");
    }
    assert!(from_numerals("").is_err());
    assert!(from_numerals("௳").is_err());
    assert_eq!(from_numerals("௨௦௨௪").unwrap(), 2024);
}
