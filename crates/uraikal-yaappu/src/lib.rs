//! Tamil prosody (யாப்பு): letters to அசை, சீர் and தளை, and metre verdicts, proven on the 1,330 kurals. (Issue 11.)
#![deny(missing_docs)]
