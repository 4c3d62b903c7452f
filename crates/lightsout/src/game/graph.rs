//! Lights Out on an arbitrary graph: a light per node, and pressing a node changes it
//! (unless the game has no self-toggle) and its neighbours.
//!
//! A graph game is an ordinary [`Game`] with explicit per-cell rules
//! ([`Reach::Explicit`](crate::Reach)): node `i` is cell `i` of the board in row-major
//! order. The board is `1 x N` unless a layout `rows x cols` (with `rows * cols = N`) is
//! given, which only changes how boards print: a per-cell rule on a grid (Merlin's Magic
//! Square) is a graph with a `3 x 3` layout.

use super::{Game, Rules};
use crate::error::Error;

/// Most nodes a graph may have (2^24: the explicit press lists of a bigger graph take
/// gigabytes, and no method solves general graphs that large anyway).
pub const MAX_NODES: usize = 1 << 24;
/// Most edges a graph may have.
pub const MAX_EDGES: usize = 1 << 26;

/// A graph with `nodes` nodes and a list of edges, undirected unless told otherwise.
///
/// ```
/// use lightsout::game::Graph;
/// use lightsout::{solve, Board, Method, SolveOptions};
/// // A path of three nodes 0 - 1 - 2: pressing the middle one changes all three.
/// let game = Graph::new(3).edges([(0, 1), (1, 2)]).game(2)?;
/// assert_eq!((game.rows(), game.cols()), (1, 3));
/// let start = Board::all_on(1, 3);
/// let sol = solve(&game, &start, &game.empty_board(), &SolveOptions::default())?;
/// assert_eq!(sol.presses.unwrap().to_string(), "010\n");
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    nodes: usize,
    edges: Vec<(usize, usize)>,
    self_toggle: bool,
    directed: bool,
    layout: Option<(usize, usize)>,
}

impl Graph {
    /// A graph with `nodes` nodes, no edges, self-toggle on, undirected.
    pub fn new(nodes: usize) -> Self {
        Self {
            nodes,
            edges: Vec::new(),
            self_toggle: true,
            directed: false,
            layout: None,
        }
    }

    /// Adds edges `(u, v)`: pressing `u` changes `v` (and, if undirected, pressing `v`
    /// changes `u`). Checked when the game is built.
    pub fn edges(mut self, edges: impl IntoIterator<Item = (usize, usize)>) -> Self {
        self.edges.extend(edges);
        self
    }

    /// Whether pressing a node changes the node itself (default: yes).
    pub fn self_toggle(mut self, on: bool) -> Self {
        self.self_toggle = on;
        self
    }

    /// Whether an edge `(u, v)` only goes from `u` to `v` (default: both ways).
    pub fn directed(mut self, on: bool) -> Self {
        self.directed = on;
        self
    }

    /// Prints boards as `rows x cols` grids instead of one row (`rows * cols` must be
    /// the number of nodes).
    pub fn layout(mut self, rows: usize, cols: usize) -> Self {
        self.layout = Some((rows, cols));
        self
    }

    /// Number of nodes.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// The press lists: for each node, the nodes a press changes.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for no nodes, more than [`MAX_NODES`] nodes or
    /// [`MAX_EDGES`] edges, and an edge naming a node that does not exist.
    pub fn press_lists(&self) -> Result<Vec<Vec<u32>>, Error> {
        let n = self.nodes;
        if n == 0 {
            return Err(Error::invalid_rules("a graph needs at least one node"));
        }
        if n > MAX_NODES {
            return Err(Error::invalid_rules(format!(
                "{n} nodes is more than the limit of {MAX_NODES}"
            )));
        }
        if self.edges.len() > MAX_EDGES {
            return Err(Error::invalid_rules(format!(
                "{} edges is more than the limit of {MAX_EDGES}",
                self.edges.len()
            )));
        }
        let mut lists: Vec<Vec<u32>> = (0..n)
            .map(|i| {
                if self.self_toggle {
                    vec![i as u32]
                } else {
                    Vec::new()
                }
            })
            .collect();
        for (k, &(u, v)) in self.edges.iter().enumerate() {
            if let Some(bad) = [u, v].into_iter().find(|&x| x >= n) {
                return Err(Error::invalid_rules(format!(
                    "edge {k} [{u}, {v}] names node {bad}, but the nodes are 0..{}",
                    n - 1
                )));
            }
            lists[u].push(v as u32);
            if !self.directed {
                lists[v].push(u as u32);
            }
        }
        Ok(lists)
    }

    /// The rules of this graph with `modulus` states.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`]: those of [`Graph::press_lists`], and a `modulus` below 2.
    pub fn rules(&self, modulus: u8) -> Result<Rules, Error> {
        Rules::explicit(self.press_lists()?, modulus)
    }

    /// The board's size: `1 x N`, or the layout.
    pub fn size(&self) -> (usize, usize) {
        self.layout.unwrap_or((1, self.nodes))
    }

    /// The game: a `1 x N` board (or the layout), a light per node.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for a layout whose `rows * cols` is not the number of
    /// nodes, and those of [`Graph::rules`].
    pub fn game(&self, modulus: u8) -> Result<Game, Error> {
        self.game_with(self.rules(modulus)?)
    }

    /// The game of this graph's board with `rules` (this graph's, perhaps changed).
    pub(crate) fn game_with(&self, rules: Rules) -> Result<Game, Error> {
        let (rows, cols) = self.size();
        if rows.checked_mul(cols) != Some(self.nodes) {
            return Err(Error::invalid_rules(format!(
                "layout {rows}x{cols} has {} cells, but the graph has {} nodes",
                rows.saturating_mul(cols),
                self.nodes
            )));
        }
        Game::new(rows, cols, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undirected_edges_go_both_ways_and_directed_do_not() {
        let g = Graph::new(3).edges([(0, 2)]);
        assert_eq!(
            g.press_lists().unwrap(),
            vec![vec![0, 2], vec![1], vec![2, 0]]
        );
        let d = g.clone().directed(true).self_toggle(false);
        assert_eq!(d.press_lists().unwrap(), vec![vec![2], vec![], vec![]]);
    }

    #[test]
    fn bad_graphs_are_refused_with_the_reason() {
        let e = Graph::new(3).edges([(0, 3)]).game(2).unwrap_err();
        assert!(e.to_string().contains("node 3"), "{e}");
        let e = Graph::new(0).game(2).unwrap_err();
        assert!(e.to_string().contains("at least one node"), "{e}");
        let e = Graph::new(4).layout(3, 3).game(2).unwrap_err();
        assert!(e.to_string().contains("layout 3x3"), "{e}");
        assert!(Graph::new(MAX_NODES + 1).game(2).is_err());
    }
}
