//! The graph JSON format (`--graph FILE`):
//!
//! ```json
//! {"nodes": 4, "edges": [[0, 1], [1, 2], [2, 3]], "lights": [1, 0, 1, 1],
//!  "target": [0, 0, 0, 0], "self": true, "directed": false}
//! ```
//!
//! `nodes` and `edges` are required. `lights` (the start, default all on) and `target`
//! (default all off) have one value per node, each below the number of states; `self`
//! (default true) says whether a press changes its own node; `directed` (default false)
//! makes `[u, v]` mean only "pressing u changes v". Optional: `mod` (states, 2..=255),
//! and `rows`/`cols` to print boards as a grid (row-major node order) instead of one row.
//! Unknown fields are errors, so a typo does not silently change the game.

use crate::json::SolveReport;
use crate::memory::{check_memory, try_grow};
use crate::FormatError;
use lightsout::game::{Graph, MAX_EDGES, MAX_NODES};
use lightsout::{Board, Game};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The file as parsed: every count is held to its limit while it is read (a list of
/// edges stops at the first edge past [`MAX_EDGES`] or the memory limit, a list of
/// lights at the first value past [`MAX_NODES`]), so no input makes the parser hold
/// more than the limits allow.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct GraphFile {
    nodes: Whole,
    edges: Edges,
    #[serde(default)]
    lights: Option<Lights>,
    #[serde(default)]
    target: Option<Lights>,
    #[serde(default, rename = "self")]
    self_toggle: Option<bool>,
    #[serde(default)]
    directed: Option<bool>,
    #[serde(default, rename = "mod")]
    modulus: Option<Whole>,
    #[serde(default)]
    rows: Option<Whole>,
    #[serde(default)]
    cols: Option<Whole>,
}

/// Stands in an error message for a number the visitor only saw as a float (past 2^64,
/// or with a fraction or exponent); [`parse`] puts the number's text from the file in
/// its place.
const AS_SENT: &str = "\u{1}";

/// A whole number from 0 to 2^64 - 1; a float, a negative number or a number past
/// 2^64 is refused, named as sent.
#[derive(Clone, Copy, Debug)]
struct Whole(u64);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Whole;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a whole number from 0")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Whole, E> {
                Ok(Whole(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Whole, E> {
                u64::try_from(v)
                    .map(Whole)
                    .map_err(|_| E::custom(format!("{v} is negative, not a whole number from 0")))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Whole, E> {
                Err(E::custom(format!(
                    "{AS_SENT} is not a whole number from 0 to 2^64 - 1"
                )))
            }
        }
        d.deserialize_any(V)
    }
}

/// `edges`: pairs of nodes, counted and held to the memory limit as they are read.
#[derive(Debug)]
struct Edges(Vec<[usize; 2]>);

impl<'de> Deserialize<'de> for Edges {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Edges;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of edges [u, v]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Edges, A::Error> {
                let mut edges: Vec<[usize; 2]> = Vec::new();
                while let Some([Whole(u), Whole(v)]) = seq.next_element::<[Whole; 2]>()? {
                    if edges.len() == MAX_EDGES {
                        return Err(de::Error::custom(format!(
                            "more than the limit of {MAX_EDGES} edges"
                        )));
                    }
                    let node = |x: u64| usize::try_from(x).unwrap_or(usize::MAX);
                    try_grow(&mut edges, 1, "the graph's edges")
                        .map_err(|e| de::Error::custom(e.to_string()))?;
                    edges.push([node(u), node(v)]);
                }
                Ok(Edges(edges))
            }
        }
        d.deserialize_seq(V)
    }
}

/// `lights` or `target`: a value per node, at most [`MAX_NODES`] of them, each at most
/// 255 (checked against the number of states once it is known).
#[derive(Debug)]
struct Lights(Vec<u8>);

impl<'de> Deserialize<'de> for Lights {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Lights;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of light values, one per node")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Lights, A::Error> {
                let mut values: Vec<u8> = Vec::new();
                while let Some(Whole(v)) = seq.next_element::<Whole>()? {
                    if values.len() == MAX_NODES {
                        return Err(de::Error::custom(format!(
                            "more values than the limit of {MAX_NODES} nodes"
                        )));
                    }
                    let v = u8::try_from(v).map_err(|_| {
                        de::Error::custom(format!(
                            "value [{}] is {v}, more than a light's 255 states allow",
                            values.len()
                        ))
                    })?;
                    try_grow(&mut values, 1, "the graph's lights")
                        .map_err(|e| de::Error::custom(e.to_string()))?;
                    values.push(v);
                }
                Ok(Lights(values))
            }
        }
        d.deserialize_seq(V)
    }
}

/// The text of the number that ends at (or spans) 1-based `line` and `column` of
/// `bytes` (where serde_json reports an error in a number), shortened past 40
/// characters; `None` if there is no number there.
fn number_at(bytes: &[u8], line: usize, column: usize) -> Option<String> {
    let start_of_line = if line <= 1 {
        0
    } else {
        bytes
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .nth(line - 2)?
            .0
            + 1
    };
    let at = (start_of_line + column.max(1) - 1).min(bytes.len().checked_sub(1)?);
    let in_number = |b: u8| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E');
    let mut first = at;
    while first > 0 && in_number(bytes[first - 1]) {
        first -= 1;
    }
    let mut end = at;
    while end < bytes.len() && in_number(bytes[end]) {
        end += 1;
    }
    let token = std::str::from_utf8(bytes.get(first..end)?).ok()?;
    if token.is_empty() {
        return None;
    }
    Some(if token.len() > 40 {
        format!("{}... ({} characters)", &token[..20], token.len())
    } else {
        token.to_string()
    })
}

/// A serde_json error as the one-line message of a bad graph file, a number that the
/// visitor only saw as a float named as it was sent.
fn not_a_graph(e: &serde_json::Error, bytes: &[u8], name: &str) -> FormatError {
    let mut message = e.to_string();
    if message.contains(AS_SENT) {
        let number = number_at(bytes, e.line(), e.column()).unwrap_or_else(|| "a number".into());
        message = message.replace(AS_SENT, &number);
    }
    FormatError::input(format!("{name}: not a graph: {message}"))
}

/// A graph game with its start and target positions.
pub struct GraphGame {
    pub game: Game,
    pub start: Board,
    pub target: Board,
}

/// Parses graph JSON. `modulus` is the `--mod` flag, if given (it must agree with the
/// file's `mod`). `name` names the source in errors.
///
/// # Errors
///
/// [`FormatError::Input`] naming `name`: JSON that is not a graph file (including an
/// unknown field), a `mod` that disagrees with `modulus` or is not 2 to 255, only one
/// of `rows` and `cols`, a graph the library refuses (see [`Graph::game`]) or over the
/// memory limit, and `lights` or `target` without one value below `mod` per node.
pub fn parse(bytes: &[u8], modulus: Option<u32>, name: &str) -> Result<GraphGame, FormatError> {
    // A UTF-8 byte-order mark is accepted, as in text boards.
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let file: GraphFile =
        serde_json::from_slice(bytes).map_err(|e| not_a_graph(&e, bytes, name))?;
    build(file, modulus, name)
}

/// Bytes read after the graph's closing brace before the file is refused as having
/// more than whitespace after it (an endless stream of spaces ends there).
pub const TRAILING_MAX: u64 = 1 << 16;

/// [`parse`] from a reader (a file, stdin), parsed as it is read: the input is never
/// held whole, every count is held to its limit as it is read, and the reading stops
/// at the first byte that cannot continue the JSON, or [`TRAILING_MAX`] bytes after
/// its end.
///
/// # Errors
///
/// Those of [`parse`]; a failing read is bad input too (it names the file).
pub fn parse_reader(
    reader: impl std::io::Read,
    modulus: Option<u32>,
    name: &str,
) -> Result<GraphGame, FormatError> {
    let mut recent = Recent::new(std::io::BufReader::with_capacity(1 << 16, reader));
    let done = recent.done.clone();
    let mut de = serde_json::Deserializer::from_reader(&mut recent);
    let file = GraphFile::deserialize(&mut de).and_then(|file| {
        done.set(true);
        de.end().map(|()| file)
    });
    drop(de);
    let file = file.map_err(|e| {
        let mut message = e.to_string();
        if message.contains(AS_SENT) {
            let number = recent
                .number_at(e.line(), e.column())
                .unwrap_or_else(|| "a number".into());
            message = message.replace(AS_SENT, &number);
        }
        FormatError::input(format!("{name}: not a graph: {message}"))
    })?;
    build(file, modulus, name)
}

/// A reader that keeps the last bytes it gave (to quote a number an error is about),
/// skips a UTF-8 byte-order mark at the start, and, once `done` is set (the graph
/// object is complete), gives at most [`TRAILING_MAX`] more bytes.
struct Recent<R> {
    inner: R,
    last: std::collections::VecDeque<u8>,
    read: u64,
    /// Line feeds read, and the offset after the last one.
    lines: u64,
    line_start: u64,
    done: std::rc::Rc<std::cell::Cell<bool>>,
    after_done: u64,
}

impl<R: std::io::BufRead> Recent<R> {
    const KEEP: usize = 128;

    fn new(inner: R) -> Self {
        Self {
            inner,
            last: std::collections::VecDeque::with_capacity(Self::KEEP),
            read: 0,
            lines: 0,
            line_start: 0,
            done: Default::default(),
            after_done: 0,
        }
    }

    /// The number at 1-based `line` and `column` (see [`number_at`]), if that place
    /// is among the last bytes read.
    fn number_at(&self, line: usize, column: usize) -> Option<String> {
        if line as u64 != self.lines + 1 {
            return None;
        }
        let window: Vec<u8> = self.last.iter().copied().collect();
        let window_start = self.read - window.len() as u64;
        let at = (self.line_start + column.max(1) as u64 - 1).checked_sub(window_start)?;
        number_at(&window, 1, at as usize + 1)
    }
}

impl<R: std::io::BufRead> std::io::Read for Recent<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.read == 0 {
            let start = self.inner.fill_buf()?;
            if start.starts_with(b"\xef\xbb\xbf") {
                self.inner.consume(3);
            }
        }
        if self.done.get() {
            if self.after_done >= TRAILING_MAX {
                return Err(std::io::Error::other(format!(
                    "more than {TRAILING_MAX} bytes after the graph object"
                )));
            }
            let room = (TRAILING_MAX - self.after_done) as usize;
            let len = buf.len().min(room);
            let n = self.inner.read(&mut buf[..len])?;
            self.after_done += n as u64;
            return Ok(n);
        }
        let n = self.inner.read(buf)?;
        for &b in &buf[..n] {
            if self.last.len() == Self::KEEP {
                self.last.pop_front();
            }
            self.last.push_back(b);
            self.read += 1;
            if b == b'\n' {
                self.lines += 1;
                self.line_start = self.read;
            }
        }
        Ok(n)
    }
}

/// The game of a parsed file (see [`parse`]).
fn build(file: GraphFile, modulus: Option<u32>, name: &str) -> Result<GraphGame, FormatError> {
    let file_mod = file.modulus.map(|Whole(k)| k);
    let k = match (file_mod, modulus.map(u64::from)) {
        (Some(a), Some(b)) if a != b => {
            return Err(FormatError::input(format!(
                "{name} says \"mod\": {a}, but --mod is {b}"
            )))
        }
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) => 2,
    };
    if !(2..=255).contains(&k) {
        return Err(FormatError::input(format!(
            "{name}: \"mod\": {k}: a light needs between 2 and 255 states"
        )));
    }
    let Whole(nodes) = file.nodes;
    if nodes > MAX_NODES as u64 {
        return Err(FormatError::input(format!(
            "{name}: {nodes} nodes is more than the limit of {MAX_NODES}"
        )));
    }
    let nodes = nodes as usize;
    let size = |w: Option<Whole>| w.map(|Whole(v)| usize::try_from(v).unwrap_or(usize::MAX));
    let (rows, cols) = (size(file.rows), size(file.cols));
    let k = k as u8;
    let edges = file.edges.0;
    check_memory(
        graph_bytes(nodes, edges.len(), file.directed.unwrap_or(false), k)
            .saturating_add(edges.len() as u64 * 16),
        &format!("{name}: a graph of {nodes} nodes (its press lists and elimination matrix)"),
    )?;
    let mut graph = Graph::new(nodes)
        .edges(edges.iter().map(|&[u, v]| (u, v)))
        .self_toggle(file.self_toggle.unwrap_or(true))
        .directed(file.directed.unwrap_or(false));
    drop(edges);
    match (rows, cols) {
        (Some(r), Some(c)) => graph = graph.layout(r, c),
        (None, None) => {}
        _ => {
            return Err(FormatError::input(format!(
                "{name}: give both \"rows\" and \"cols\" (a layout), or neither"
            )))
        }
    }
    let game = graph
        .game(k)
        .map_err(|e| FormatError::input(format!("{name}: {e}")))?;
    let position = |field: &str, values: Option<Lights>, default: u8| {
        let values = values.map_or_else(|| vec![default; nodes], |Lights(v)| v);
        if values.len() != nodes {
            return Err(FormatError::input(format!(
                "{name}: \"{field}\" has {} values, but the graph has {nodes} nodes",
                values.len(),
            )));
        }
        if let Some((i, v)) = values.iter().enumerate().find(|(_, &v)| v >= k) {
            return Err(FormatError::input(format!(
                "{name}: \"{field}\"[{i}] is {v}, not below the number of states {k}"
            )));
        }
        game.board_from_values(&values)
            .map_err(|e| FormatError::input(format!("{name}: {e}")))
    };
    let start = position("lights", file.lights, 1)?;
    let target = position("target", file.target, 0)?;
    Ok(GraphGame {
        game,
        start,
        target,
    })
}

/// Bytes a graph game of `nodes` nodes and `edges` edges takes to build and solve: its
/// press lists (about 80 bytes a node and 8 an entry, measured: 2^24 nodes without
/// edges took 1.2 GB) and the `nodes x nodes` elimination matrix that every method for
/// graphs builds (a bit an entry with two states, a byte with more). Saturating.
pub fn graph_bytes(nodes: usize, edges: usize, directed: bool, modulus: u8) -> u64 {
    let nodes = nodes as u64;
    let entries = nodes.saturating_add((edges as u64).saturating_mul(if directed { 1 } else { 2 }));
    let lists = nodes
        .saturating_mul(80)
        .saturating_add(entries.saturating_mul(8));
    let row = if modulus == 2 {
        nodes.div_ceil(64).saturating_mul(8)
    } else {
        nodes
    };
    lists.saturating_add(nodes.saturating_mul(row))
}

/// `solve --graph --json`: the usual report plus the pressed nodes (`G` as in
/// [`SolveReport`]).
#[derive(Serialize, Debug)]
pub struct GraphSolveReport<G = Vec<Vec<u8>>> {
    #[serde(flatten)]
    pub report: SolveReport<G>,
    /// Node indices, a node once per press.
    pub pressed: Vec<usize>,
}

/// The pressed nodes of a press pattern, a node once per press (row-major cell order).
pub fn pressed_nodes(presses: &Board) -> Vec<usize> {
    presses
        .values()
        .iter()
        .enumerate()
        .flat_map(|(i, &v)| std::iter::repeat_n(i, usize::from(v)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_layout() {
        let g = parse(
            br#"{"nodes":4,"edges":[[0,1]],"rows":2,"cols":2}"#,
            None,
            "g",
        )
        .unwrap();
        assert_eq!((g.game.rows(), g.game.cols(), g.game.modulus()), (2, 2, 2));
        assert_eq!(g.start.count_nonzero(), 4);
        assert!(g.target.is_zero());
    }

    #[test]
    fn errors_name_the_problem() {
        for (json, needle) in [
            (&br#"{"nodes":3,"edges":[[0,3]]}"#[..], "node 3"),
            (br#"{"nodes":3,"edges":[[0,1]"#, "not a graph"),
            (br#"{"nodes":3}"#, "edges"),
            (br#"{"nodes":3,"edges":[],"colour":1}"#, "colour"),
            (
                br#"{"nodes":3,"edges":[],"lights":[1,0]}"#,
                "\"lights\" has 2 values",
            ),
            (
                br#"{"nodes":3,"edges":[],"lights":[1,0,2]}"#,
                "\"lights\"[2] is 2",
            ),
            (br#"{"nodes":0,"edges":[]}"#, "at least one node"),
            (br#"{"nodes":3,"edges":[],"mod":1}"#, "\"mod\": 1"),
            (br#"{"nodes":3,"edges":[[-1,0]]}"#, "not a graph"),
            (br#"{"nodes":4,"edges":[],"rows":2}"#, "both"),
        ] {
            let e = parse(json, None, "g").err().expect("an error").to_string();
            assert!(e.contains(needle), "{}: {e}", String::from_utf8_lossy(json));
        }
        let e = parse(br#"{"nodes":2,"edges":[],"mod":3}"#, Some(5), "g")
            .err()
            .unwrap();
        assert!(e.to_string().contains("--mod is 5"), "{e}");
    }

    #[test]
    fn a_huge_graph_is_refused_before_it_is_built() {
        let json = format!(r#"{{"nodes":{},"edges":[]}}"#, 1 << 24);
        let e = parse(json.as_bytes(), None, "g").err().expect("refused");
        assert!(e.to_string().contains("16777216 nodes"), "{e}");
        assert!(e.to_string().contains("memory"), "{e}");
        // A graph the size of a 100 x 100 board is fine.
        assert!(graph_bytes(10_000, 20_000, false, 2) < 20 << 20);
    }

    #[test]
    fn numbers_are_named_as_sent() {
        for (json, needle) in [
            (
                &br#"{"nodes":2,"edges":[],"lights":[100000000000000000000000000,0]}"#[..],
                "100000000000000000000000000 is not a whole number",
            ),
            (
                br#"{"nodes":1e26,"edges":[]}"#,
                "1e26 is not a whole number",
            ),
            (
                br#"{"nodes":2,"edges":[[0,1.5]]}"#,
                "1.5 is not a whole number",
            ),
            (br#"{"nodes":2,"edges":[[0,-1]]}"#, "-1 is negative"),
            (
                br#"{"nodes":2,"edges":[],"lights":[0,300]}"#,
                "value [1] is 300",
            ),
            (
                b"{\"nodes\":2,\n\"edges\":[],\n\"mod\":\n  99999999999999999999999}",
                "99999999999999999999999 is not a whole number",
            ),
            (
                br#"{"nodes":99999999999,"edges":[]}"#,
                "99999999999 nodes is more than the limit",
            ),
        ] {
            // Read whole or from a reader, the same words.
            for e in [
                parse(json, None, "g").err().expect("an error"),
                parse_reader(json, None, "g").err().expect("an error"),
            ] {
                let e = e.to_string();
                assert!(e.contains(needle), "{}: {e}", String::from_utf8_lossy(json));
                assert!(!e.contains("floating point") && !e.contains('\u{1}'), "{e}");
            }
        }
    }

    #[test]
    fn a_reader_is_parsed_as_it_is_read() {
        for (json, needle) in [
            (&br#"{"nodes":2,"edges":[]} x"#[..], "trailing characters"),
            (b"{\"nodes\":2,\"edges\":[]}\x00", "not a graph"),
        ] {
            let e = parse_reader(json, None, "g")
                .err()
                .expect("an error")
                .to_string();
            assert!(e.contains(needle), "{}: {e}", String::from_utf8_lossy(json));
        }
        let ok = b"\xef\xbb\xbf{\"nodes\":3,\"edges\":[[0,1],[1,2]],\"lights\":[1,0,1]}\n";
        let (a, b) = (
            parse_reader(&ok[..], None, "g").unwrap(),
            parse(ok, None, "g").unwrap(),
        );
        assert_eq!((a.start, a.target), (b.start, b.target));
        // Endless whitespace after the object ends after TRAILING_MAX bytes.
        let endless =
            std::io::Read::chain(&br#"{"nodes":2,"edges":[]}"#[..], std::io::repeat(b' '));
        let e = parse_reader(endless, None, "g")
            .err()
            .expect("refused")
            .to_string();
        assert!(e.contains("bytes after the graph object"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let g = parse(b"\xef\xbb\xbf{\"nodes\":2,\"edges\":[[0,1]]}", None, "g").unwrap();
        assert_eq!(g.game.cells(), 2);
    }

    proptest::proptest! {
        /// Arbitrary bytes never panic; every refusal is bad input.
        #[test]
        fn arbitrary_bytes_are_a_graph_or_bad_input(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
        ) {
            if let Err(e) = parse(&bytes, None, "fuzz") {
                proptest::prop_assert!(matches!(e, FormatError::Input(_)), "{e:?}");
            }
        }

        /// Graph-shaped JSON with random numbers: a game or bad input.
        #[test]
        fn random_graphs_are_games_or_bad_input(
            nodes in 0usize..40,
            edges in proptest::collection::vec((0usize..45, 0usize..45), 0..20),
            modulus in proptest::option::of(0u32..300),
            directed in proptest::prelude::any::<bool>(),
        ) {
            let edges: Vec<String> = edges.iter().map(|(u, v)| format!("[{u},{v}]")).collect();
            let mut json = format!(r#"{{"nodes":{nodes},"edges":[{}],"directed":{directed}"#, edges.join(","));
            if let Some(k) = modulus {
                json += &format!(r#","mod":{k}"#);
            }
            json += "}";
            match parse(json.as_bytes(), None, "g") {
                Ok(g) => proptest::prop_assert_eq!(g.game.cells(), nodes),
                Err(e) => proptest::prop_assert!(matches!(e, FormatError::Input(_)), "{e:?}"),
            }
        }
    }

    #[test]
    fn pressed_nodes_repeat_per_press() {
        let b = Board::from_values(1, 4, 3, &[0, 2, 0, 1]).unwrap();
        assert_eq!(pressed_nodes(&b), vec![1, 1, 3]);
    }
}
