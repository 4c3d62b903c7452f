//! Which board format a file or stream is in: `--format` if given, else the file's
//! extension (`.pbm`, `.png`, `.txt`), else (for input) the first bytes (`P1`/`P4`, the
//! PNG signature), else text.

use std::path::Path;

/// A board file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One row per line, `0`/`1` or `.`/`#` (the text format).
    Text,
    /// Netpbm bitmap, P1 (plain) or P4 (raw) on input, P4 on output; 1 = light on.
    Pbm,
    /// PNG, black = on, white = off; written as 1-bit grayscale.
    Png,
}

impl Format {
    /// The names `--format` and the API accept, in the order of [`Format::ALL`].
    pub const NAMES: [&'static str; 3] = ["text", "pbm", "png"];
    /// Every format.
    pub const ALL: [Format; 3] = [Format::Text, Format::Pbm, Format::Png];

    /// The format's name (`text`, `pbm`, `png`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Pbm => "pbm",
            Format::Png => "png",
        }
    }

    /// The format named by a path's extension, if it names one.
    pub fn from_extension(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pbm" => Some(Format::Pbm),
            "png" => Some(Format::Png),
            "txt" => Some(Format::Text),
            _ => None,
        }
    }

    /// The format of input bytes by their signature (text when none matches).
    pub fn sniff(bytes: &[u8]) -> Format {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Format::Png
        } else if bytes.starts_with(b"P1") || bytes.starts_with(b"P4") {
            Format::Pbm
        } else {
            Format::Text
        }
    }

    /// The format to write `path` (or stdout, `None`) in.
    pub fn for_output(path: Option<&Path>, explicit: Option<Format>) -> Format {
        explicit
            .or_else(|| path.and_then(Format::from_extension))
            .unwrap_or(Format::Text)
    }

    /// The format to read `bytes` from `path` (or stdin) in.
    pub fn for_input(path: Option<&Path>, explicit: Option<Format>, bytes: &[u8]) -> Format {
        explicit
            .or_else(|| path.and_then(Format::from_extension))
            .unwrap_or_else(|| Format::sniff(bytes))
    }
}

impl std::str::FromStr for Format {
    type Err = crate::FormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                crate::FormatError::input(format!(
                    "unknown format '{s}' (expected text, pbm or png)"
                ))
            })
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extension_then_signature() {
        assert_eq!(
            Format::from_extension(Path::new("a/B.PBM")),
            Some(Format::Pbm)
        );
        assert_eq!(
            Format::from_extension(Path::new("b.png")),
            Some(Format::Png)
        );
        assert_eq!(Format::from_extension(Path::new("b")), None);
        assert_eq!(Format::sniff(b"P4\n1 1\n\x80"), Format::Pbm);
        assert_eq!(Format::sniff(b"101\n"), Format::Text);
        let p = Path::new("x.dat");
        assert_eq!(Format::for_input(Some(p), None, b"P1 1 1 1"), Format::Pbm);
        assert_eq!(
            Format::for_input(Some(p), Some(Format::Text), b"P1"),
            Format::Text
        );
        assert_eq!(
            Format::for_output(Some(Path::new("o.png")), None),
            Format::Png
        );
        assert_eq!(Format::for_output(None, None), Format::Text);
    }
}
