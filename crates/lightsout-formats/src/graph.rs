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
use crate::memory::check_memory;
use crate::FormatError;
use lightsout::game::Graph;
use lightsout::{Board, Game};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct GraphFile {
    nodes: usize,
    edges: Vec<[usize; 2]>,
    #[serde(default)]
    lights: Option<Vec<u8>>,
    #[serde(default)]
    target: Option<Vec<u8>>,
    #[serde(default, rename = "self")]
    self_toggle: Option<bool>,
    #[serde(default)]
    directed: Option<bool>,
    #[serde(default, rename = "mod")]
    modulus: Option<u32>,
    #[serde(default)]
    rows: Option<usize>,
    #[serde(default)]
    cols: Option<usize>,
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
    let file: GraphFile = serde_json::from_slice(bytes)
        .map_err(|e| FormatError::input(format!("{name}: not a graph: {e}")))?;
    let k = match (file.modulus, modulus) {
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
    let k = k as u8;
    let mut graph = Graph::new(file.nodes)
        .edges(file.edges.iter().map(|&[u, v]| (u, v)))
        .self_toggle(file.self_toggle.unwrap_or(true))
        .directed(file.directed.unwrap_or(false));
    match (file.rows, file.cols) {
        (Some(r), Some(c)) => graph = graph.layout(r, c),
        (None, None) => {}
        _ => {
            return Err(FormatError::input(format!(
                "{name}: give both \"rows\" and \"cols\" (a layout), or neither"
            )))
        }
    }
    check_memory(
        graph_bytes(
            file.nodes,
            file.edges.len(),
            file.directed.unwrap_or(false),
            k,
        ),
        &format!(
            "{name}: a graph of {} nodes (its press lists and elimination matrix)",
            file.nodes
        ),
    )?;
    let game = graph
        .game(k)
        .map_err(|e| FormatError::input(format!("{name}: {e}")))?;
    let position = |field: &str, values: Option<Vec<u8>>, default: u8| {
        let values = values.unwrap_or_else(|| vec![default; file.nodes]);
        if values.len() != file.nodes {
            return Err(FormatError::input(format!(
                "{name}: \"{field}\" has {} values, but the graph has {} nodes",
                values.len(),
                file.nodes
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

/// `solve --graph --json`: the usual report plus the pressed nodes.
#[derive(Serialize, Debug)]
pub struct GraphSolveReport {
    #[serde(flatten)]
    pub report: SolveReport,
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
