//! `lightsout.Rules`, `lightsout.Preset` and `lightsout.presets()`: the rules of a game
//! as a Python object, from keywords, a description string, a preset or a graph.

use crate::convert::{self, type_name, GraphNodes};
use crate::engine;
use crate::errors;
use crate::memory::{self, Refused};
use lightsout::game::{Graph, Preset, MAX_EDGES, MAX_NODES};
use lightsout::{GameSpec, Rules};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::collections::HashSet;

/// The rules of a Lights Out game.
///
/// Keywords (all optional; the default is the classic game: plus shape, open board,
/// two states):
///
/// * ``boundary``: ``"open"``, ``"torus"``, ``"klein"`` or ``"projective"``;
/// * ``shape``: ``"plus"``, ``"x"``, ``"king"``, ``"knight"``, a mask such as
///   ``"010/111/010"`` (the centre is the pressed cell), or the mask as a 2-D array;
/// * ``no_self``: a press leaves its own light alone (with ``shape="plus"``, the sigma
///   game);
/// * ``mod``: states per light, 2 to 255;
/// * ``preset``: a real puzzle by name (see :func:`presets`); it fixes the board and
///   the rules, so it takes no other keyword;
/// * ``graph``: play on a graph, one light per node: a networkx graph (anything with
///   ``nodes`` and ``edges``), a dict ``{"nodes": N or [labels], "edges": [[u, v], ...]}``
///   (the CLI's graph file, e.g. from ``json.load``) or an adjacency dict
///   ``{node: [neighbours]}``; boards are then 1-D in node order (or dicts from node to
///   value); ``directed`` makes an edge ``(u, v)`` mean only "pressing u changes v"
///   (default: the graph's own ``is_directed()``, else undirected).
///
/// ``Rules.parse("boundary=torus,shape=king,mod=3")`` reads the CLI's description; every
/// function's ``rules`` argument also takes such a string, a preset name, or a dict of
/// these keywords.
#[pyclass(frozen, name = "Rules", module = "lightsout")]
pub struct PyRules {
    /// The engine's description of the game (a preset, a graph, rule keys).
    pub(crate) spec: GameSpec,
    /// Its rules, checked when the object was made.
    pub(crate) rules: Rules,
    /// Graph rules: the nodes, and whether edges go one way.
    pub(crate) graph: Option<(GraphNodes, bool)>,
}

impl PyRules {
    /// The classic rules.
    pub fn classic() -> Self {
        Self {
            spec: GameSpec::classic(),
            rules: Rules::classic(),
            graph: None,
        }
    }

    fn from_spec(py: Python<'_>, spec: GameSpec) -> PyResult<Self> {
        let rules = spec.rules().map_err(|e| errors::to_py(py, e))?;
        Ok(Self {
            spec,
            rules,
            graph: None,
        })
    }

    /// The graph's nodes, for graph rules.
    pub fn graph_nodes(&self) -> Option<&GraphNodes> {
        self.graph.as_ref().map(|(g, _)| g)
    }

    /// A copy.
    pub fn clone_ref(&self, py: Python<'_>) -> Self {
        Self {
            spec: self.spec.clone(),
            rules: self.rules.clone(),
            graph: self
                .graph
                .as_ref()
                .map(|(g, directed)| (g.clone_ref(py), *directed)),
        }
    }
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (*, boundary=None, shape=None, no_self=false, r#mod=None, preset=None, graph=None, directed=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        boundary: Option<String>,
        shape: Option<&Bound<'_, PyAny>>,
        no_self: bool,
        r#mod: Option<i64>,
        preset: Option<String>,
        graph: Option<&Bound<'_, PyAny>>,
        directed: Option<bool>,
    ) -> PyResult<Self> {
        let modulus = match r#mod {
            None => None,
            Some(k) => Some(u8::try_from(k).ok().filter(|k| *k >= 2).ok_or_else(|| {
                errors::rules(
                    py,
                    format!("invalid rules: modulus {k}: a light needs between 2 and 255 states"),
                )
            })?),
        };
        if let Some(graph) = graph {
            let mut extra = Vec::new();
            if boundary.is_some() {
                extra.push("boundary");
            }
            if shape.is_some() {
                extra.push("shape");
            }
            if preset.is_some() {
                extra.push("preset");
            }
            if !extra.is_empty() {
                return Err(errors::rules(
                    py,
                    format!(
                        "invalid rules: a graph brings its own rules; drop {}",
                        extra.join(", ")
                    ),
                ));
            }
            return from_graph(py, graph, !no_self, directed, modulus);
        }
        if directed.is_some() {
            return Err(errors::rules(
                py,
                "invalid rules: directed applies to graph rules only (give graph=...)",
            ));
        }
        // The library parses each field, with the CLI's messages.
        let mut spec = GameSpec::default();
        let set = |spec: &mut GameSpec, key: &str, value: &str| {
            spec.set(key, value).map_err(|e| errors::to_py(py, e))
        };
        if let Some(p) = &preset {
            set(&mut spec, "preset", p)?;
        }
        if let Some(b) = &boundary {
            set(&mut spec, "boundary", b)?;
        }
        if let Some(s) = shape {
            set(&mut spec, "shape", &shape_text(py, s)?)?;
        }
        spec.no_self = no_self;
        spec.modulus = modulus;
        PyRules::from_spec(py, spec)
    }

    /// Rules from the CLI's description, e.g. ``"boundary=torus,shape=king,mod=3"``,
    /// ``"preset=merlin"`` or ``"no_self"``.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Self> {
        let text = convert::text_of(text, "the rules description")?;
        check_description(text.len(), "the rules description")?;
        let spec = engine::parse_spec(&text).map_err(|e| errors::to_py(py, e))?;
        PyRules::from_spec(py, spec)
    }

    /// The boundary (``"open"``, ``"torus"``, ``"klein"``, ``"projective"``), or None
    /// for presets and graphs with per-cell rules.
    #[getter]
    fn boundary(&self) -> Option<String> {
        self.rules.shape().map(|(_, b)| b.name().to_string())
    }

    /// The press shape as a mask (``"010/111/010"`` for plus), or None for per-cell
    /// rules.
    #[getter]
    fn shape(&self) -> Option<String> {
        self.rules.shape().map(|(s, _)| s.to_mask())
    }

    /// True if a press leaves its own light alone.
    #[getter]
    fn no_self(&self) -> bool {
        match (&self.graph, self.rules.shape()) {
            (Some(_), _) => self.spec.no_self,
            (None, Some((s, _))) => !s.contains_self(),
            (None, None) => false,
        }
    }

    /// Number of states per light.
    #[getter(r#mod)]
    fn modulus(&self) -> u8 {
        self.rules.modulus()
    }

    /// The preset's name, or None.
    #[getter]
    fn preset(&self) -> Option<&'static str> {
        self.spec.preset.map(|p| p.name)
    }

    /// For graph rules, the node labels in board order; else None.
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        match self.graph_nodes() {
            Some(g) => Ok(Some(PyList::new(py, g.labels.iter().map(|l| l.bind(py)))?)),
            None => Ok(None),
        }
    }

    /// For graph rules, whether edges go one way.
    #[getter]
    fn directed(&self) -> Option<bool> {
        self.graph.as_ref().map(|(_, d)| *d)
    }

    /// The board size these rules fix, ``(rows, cols)``: a preset's board, or ``(1, N)``
    /// for a graph of N nodes; None for plain rules (any size).
    #[getter]
    fn size(&self) -> Option<(usize, usize)> {
        self.spec.fixed_size()
    }

    /// A one-line description, e.g. ``"plus, torus, mod 3"``.
    #[getter]
    fn description(&self) -> String {
        self.rules.describe()
    }

    fn __repr__(&self) -> String {
        if let Some(p) = self.spec.preset {
            return format!("Rules(preset={})", quoted(p.name));
        }
        if let Some((g, directed)) = &self.graph {
            return format!(
                "Rules(graph=<{} nodes>, directed={}, no_self={}, mod={})",
                g.labels.len(),
                if *directed { "True" } else { "False" },
                if self.spec.no_self { "True" } else { "False" },
                self.rules.modulus()
            );
        }
        format!("Rules({})", self.rules.describe())
    }

    /// Equal rules: the same game on every board (graphs: also the same node labels).
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.cast::<PyRules>() else {
            return Ok(false);
        };
        let o = o.get();
        if self.spec != o.spec {
            return Ok(false);
        }
        match (&self.graph, &o.graph) {
            (None, None) => Ok(true),
            (Some((a, _)), Some((b, _))) => {
                let a = PyList::new(py, a.labels.iter().map(|l| l.bind(py)))?;
                let b = PyList::new(py, b.labels.iter().map(|l| l.bind(py)))?;
                a.eq(b)
            }
            _ => Ok(false),
        }
    }
}

/// A shape keyword: a name or mask string, or a 2-D 0/1 array read as a mask.
fn shape_text(py: Python<'_>, shape: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = shape.cast::<PyString>() {
        let text = convert::text_of(s, "the shape mask")?;
        check_description(text.len(), "the shape mask")?;
        return Ok(text.to_string());
    }
    // An array's size is known before it is read (a view can claim any size).
    if let Ok(array) = shape.cast::<numpy::PyUntypedArray>() {
        use numpy::PyUntypedArrayMethods;
        let dims = array.shape();
        let (rows, cols) = match dims {
            [cols] => (1, *cols),
            [rows, cols] => (*rows, *cols),
            _ => (0, 0),
        };
        check_description(
            rows.saturating_mul(cols.saturating_add(1)),
            &format!("a {rows}x{cols} shape mask"),
        )?;
    }
    let mask = convert::read_board(py, shape, 2, "shape", None).map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyMemoryError>(py) {
            return e;
        }
        errors::rules(
            py,
            format!("invalid rules: the shape mask is not a 0/1 grid ({e})"),
        )
    })?;
    check_description(
        mask.rows().saturating_mul(mask.cols() + 1),
        &format!("a {}x{} shape mask", mask.rows(), mask.cols()),
    )?;
    let rows: Vec<String> = (0..mask.rows())
        .map(|r| {
            (0..mask.cols())
                .map(|c| char::from(b'0' + mask.get(r, c)))
                .collect()
        })
        .collect();
    Ok(rows.join("/"))
}

/// The label text for messages.
fn shown(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| type_name(obj))
}

/// Most edges a graph may list: [`MAX_EDGES`] from both ends (an adjacency dict lists
/// each undirected edge twice); the library then checks the distinct ones.
const MAX_LISTED_EDGES: usize = 2 * MAX_EDGES;

/// Graph items read between two checks for a pending signal (Ctrl-C) and of the
/// memory they hold.
const ITEMS_PER_SIGNAL_CHECK: usize = 1 << 16;
/// Bytes a node label read from an iterator is counted for: the reference kept, and the
/// object an iterator may have made for it (an int: 28 bytes and the allocator's).
const BYTES_PER_LABEL: u64 = 64;
/// Bytes a listed edge is counted for: two references, and the objects an iterator may
/// have made for it (a tuple and two ints).
const BYTES_PER_LISTED_EDGE: u64 = 160;

/// Every [`ITEMS_PER_SIGNAL_CHECK`] items: Python's signal handlers, and the memory of
/// `items` items of `bytes_each` against the limit.
fn check_items(py: Python<'_>, items: usize, bytes_each: u64, what: &str) -> PyResult<()> {
    if items.is_multiple_of(ITEMS_PER_SIGNAL_CHECK) {
        py.check_signals()?;
        memory::check((items as u64).saturating_mul(bytes_each), what)?;
    }
    Ok(())
}

/// The error for more than [`MAX_NODES`] nodes (the library's limit and message).
fn too_many_nodes() -> PyErr {
    Python::attach(|py| {
        errors::rules(
            py,
            format!("invalid rules: graph: more than {MAX_NODES} nodes, the limit"),
        )
    })
}

/// Counts the edges a graph lists as they are read: at most [`MAX_LISTED_EDGES`],
/// within the memory limit, and Ctrl-C honoured (an edge iterator may be endless).
struct ListedEdges {
    listed: usize,
}

impl ListedEdges {
    fn new() -> Self {
        Self { listed: 0 }
    }

    /// Makes room in `pairs` for one more edge.
    fn count<T>(&mut self, py: Python<'_>, pairs: &mut Vec<T>) -> PyResult<()> {
        self.listed += 1;
        if self.listed > MAX_LISTED_EDGES {
            return Err(errors::rules(
                py,
                format!(
                    "invalid rules: graph: more than {MAX_LISTED_EDGES} edges listed; a graph has at most {MAX_EDGES} (each may be listed from both ends)"
                ),
            ));
        }
        check_items(py, self.listed, BYTES_PER_LISTED_EDGE, "the graph's edges")?;
        memory::try_grow(pairs, 1, "the graph's edges")?;
        Ok(())
    }
}

/// The node labels of an iterable: at most [`MAX_NODES`], within the memory limit, and
/// Ctrl-C honoured.
fn read_nodes<'py>(py: Python<'py>, nodes: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let mut labels = Vec::new();
    for label in nodes.try_iter()? {
        if labels.len() == MAX_NODES {
            return Err(too_many_nodes());
        }
        check_items(py, labels.len() + 1, BYTES_PER_LABEL, "the graph's nodes")?;
        memory::try_grow(&mut labels, 1, "the graph's nodes")?;
        labels.push(label?);
    }
    Ok(labels)
}

/// Graph rules from a networkx-style graph, a CLI-style dict or an adjacency dict.
fn from_graph<'py>(
    py: Python<'py>,
    graph: &Bound<'py, PyAny>,
    self_toggle: bool,
    directed: Option<bool>,
    modulus: Option<u8>,
) -> PyResult<PyRules> {
    let bad = |m: String| errors::rules(py, format!("invalid rules: graph: {m}"));
    let mut labels: Vec<Bound<'py, PyAny>> = Vec::new();
    let mut pairs: Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)> = Vec::new();
    let mut self_toggle = self_toggle;
    let mut directed_hint = None;
    let mut modulus = modulus;
    let edge_pair = |e: Bound<'py, PyAny>| -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let items: Vec<Bound<'py, PyAny>> = match e.try_iter() {
            Ok(it) => it.take(3).collect::<PyResult<_>>()?,
            Err(_) => Vec::new(),
        };
        match <[Bound<'py, PyAny>; 2]>::try_from(items.into_iter().take(2).collect::<Vec<_>>()) {
            Ok([u, v]) => Ok((u, v)),
            Err(_) => Err(errors::rules(
                py,
                format!(
                    "invalid rules: graph: edge {} is not a pair of nodes",
                    shown(&e)
                ),
            )),
        }
    };
    let dict = graph.cast::<PyDict>().ok();
    let cli_style = match &dict {
        Some(d) => d.contains("nodes")? && d.contains("edges")?,
        None => false,
    };
    if let (Some(d), true) = (&dict, cli_style) {
        for (key, _) in d.iter() {
            let key: String = key.extract().unwrap_or_default();
            if !matches!(
                key.as_str(),
                "nodes"
                    | "edges"
                    | "self"
                    | "directed"
                    | "mod"
                    | "lights"
                    | "target"
                    | "rows"
                    | "cols"
            ) {
                return Err(bad(format!(
                    "unknown key {key:?} (expected nodes, edges, self, directed, mod; lights, target, rows and cols are ignored)"
                )));
            }
        }
        let nodes = d.get_item("nodes")?.ok_or_else(|| bad("no nodes".into()))?;
        if let Ok(n) = nodes.extract::<usize>() {
            if n > MAX_NODES {
                return Err(too_many_nodes());
            }
            memory::check(
                (n as u64).saturating_mul(BYTES_PER_LABEL),
                &format!("the graph's {n} nodes"),
            )?;
            labels = memory::try_with_capacity(n, "the graph's nodes")?;
            for i in 0..n {
                labels.push(i.into_pyobject(py)?.into_any());
            }
        } else {
            labels = read_nodes(py, &nodes)?;
        }
        let edges = d.get_item("edges")?.ok_or_else(|| bad("no edges".into()))?;
        let mut listed = ListedEdges::new();
        for e in edges.try_iter()? {
            listed.count(py, &mut pairs)?;
            pairs.push(edge_pair(e?)?);
        }
        if let Some(s) = d.get_item("self")? {
            // The file's "self": false and no_self=True both turn the self-toggle off.
            self_toggle = self_toggle && s.extract::<bool>()?;
        }
        if let Some(v) = d.get_item("directed")? {
            directed_hint = Some(v.extract::<bool>()?);
        }
        if let Some(k) = d.get_item("mod")? {
            let k: u8 = k
                .extract::<i64>()
                .ok()
                .and_then(|k| u8::try_from(k).ok())
                .filter(|k| *k >= 2)
                .ok_or_else(|| {
                    bad(format!(
                        "\"mod\": {k}: a light needs between 2 and 255 states"
                    ))
                })?;
            match modulus {
                Some(m) if m != k => {
                    return Err(bad(format!("the graph says \"mod\": {k}, but mod={m}")))
                }
                _ => modulus = Some(k),
            }
        }
    } else if let Some(d) = dict {
        // Adjacency: {node: [neighbours]} (or networkx's dict of dicts).
        if d.len() > MAX_NODES {
            return Err(too_many_nodes());
        }
        let mut listed = ListedEdges::new();
        for (node, neighbours) in d.iter() {
            labels.push(node.clone());
            for v in neighbours.try_iter().map_err(|_| {
                bad(format!(
                    "the neighbours of {} are {}, not a list of nodes",
                    shown(&node),
                    type_name(&neighbours)
                ))
            })? {
                listed.count(py, &mut pairs)?;
                pairs.push((node.clone(), v?));
            }
        }
        // Neighbours that are not keys are nodes too.
        let known = PyDict::new(py);
        for l in &labels {
            known.set_item(l, true)?;
        }
        let mut extra = Vec::new();
        for (_, v) in &pairs {
            if !known.contains(v)? {
                if labels.len() + extra.len() >= MAX_NODES {
                    return Err(too_many_nodes());
                }
                known.set_item(v, true)?;
                extra.push(v.clone());
            }
        }
        labels.extend(extra);
    } else if graph.hasattr("nodes")? && graph.hasattr("edges")? {
        labels = read_nodes(py, &graph.getattr("nodes")?)?;
        let mut listed = ListedEdges::new();
        for e in graph.getattr("edges")?.try_iter()? {
            listed.count(py, &mut pairs)?;
            pairs.push(edge_pair(e?)?);
        }
        if let Ok(f) = graph.getattr("is_directed") {
            if f.is_callable() {
                directed_hint = Some(f.call0()?.extract::<bool>()?);
            }
        }
    } else {
        return Err(bad(format!(
            "expected a networkx-style graph (with nodes and edges), a dict {{'nodes': ..., 'edges': [...]}} or an adjacency dict {{node: [neighbours]}}, got {}",
            type_name(graph)
        )));
    }
    let directed = directed.or(directed_hint).unwrap_or(false);
    let index = PyDict::new(py);
    for (i, label) in labels.iter().enumerate() {
        if index.contains(label)? {
            return Err(bad(format!("node {} is listed twice", shown(label))));
        }
        index.set_item(label, i)?;
    }
    // The distinct edges and the set that finds them.
    memory::check(
        memory::bytes_of::<(usize, usize)>(pairs.len()).saturating_mul(4),
        &format!("the graph's {} edges", pairs.len()),
    )?;
    let mut seen = HashSet::new();
    let mut edges = Vec::with_capacity(pairs.len());
    for (u, v) in &pairs {
        let find = |x: &Bound<'py, PyAny>| -> PyResult<usize> {
            match index.get_item(x)? {
                Some(i) => i.extract(),
                None => Err(bad(format!(
                    "edge ({}, {}) names {}, which is not a node of the graph",
                    shown(u),
                    shown(v),
                    shown(x)
                ))),
            }
        };
        let (a, b) = (find(u)?, find(v)?);
        if a == b {
            return Err(bad(format!(
                "edge ({}, {}) is a loop; a press changes its own node already (no_self=True turns that off)",
                shown(u),
                shown(v)
            )));
        }
        // An undirected edge listed twice (an adjacency dict lists each from both ends)
        // is one edge.
        let key = if directed {
            (a, b)
        } else {
            (a.min(b), a.max(b))
        };
        if seen.insert(key) {
            edges.push(key);
        }
    }
    let graph = Graph::new(labels.len()).edges(edges).directed(directed);
    let mut spec = GameSpec::graph(graph);
    spec.no_self = !self_toggle;
    spec.modulus = Some(modulus.unwrap_or(2));
    let rules = spec.rules().map_err(|e| errors::to_py(py, e))?;
    Ok(PyRules {
        spec,
        rules,
        graph: Some((
            GraphNodes {
                labels: labels.into_iter().map(Bound::unbind).collect(),
                index: index.unbind(),
            },
            directed,
        )),
    })
}

/// The `rules` argument of every function: None (classic), a `Rules`, a description
/// string or preset name, or a dict of `Rules` keywords.
///
/// # Errors
/// `InvalidRulesError` for bad rules, `TypeError` for another kind of object.
pub fn rules_arg(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyRules> {
    let Some(rules) = rules else {
        return Ok(PyRules::classic());
    };
    if let Ok(r) = rules.cast::<PyRules>() {
        return Ok(r.get().clone_ref(py));
    }
    if let Ok(s) = rules.cast::<PyString>() {
        let text = convert::text_of(s, "the rules description")?;
        check_description(text.len(), "the rules description")?;
        // A bare preset name ("merlin") is short for "preset=merlin".
        if !text.contains('=') && engine::find_preset(text.trim()).is_ok() {
            let mut spec = GameSpec::default();
            spec.set("preset", &text)
                .map_err(|e| errors::to_py(py, e))?;
            return PyRules::from_spec(py, spec);
        }
        let spec = engine::parse_spec(&text).map_err(|e| errors::to_py(py, e))?;
        return PyRules::from_spec(py, spec);
    }
    if let Ok(d) = rules.cast::<PyDict>() {
        let class = py.get_type::<PyRules>();
        let made = class.call((), Some(d))?;
        return Ok(made
            .cast::<PyRules>()
            .map_err(PyErr::from)?
            .get()
            .clone_ref(py));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "rules: expected a lightsout.Rules, a description such as 'boundary=torus,mod=3', a preset name or a dict, got {}",
        type_name(rules)
    )))
}

/// A real puzzle: its board and rules (see :func:`presets`).
#[pyclass(frozen, name = "Preset", module = "lightsout")]
pub struct PyPreset {
    preset: &'static Preset,
}

#[pymethods]
impl PyPreset {
    /// The name, as ``Rules(preset=...)`` takes it.
    #[getter]
    fn name(&self) -> &'static str {
        self.preset.name
    }

    /// The puzzle's name and maker.
    #[getter]
    fn title(&self) -> &'static str {
        self.preset.title
    }

    /// One line on the rules.
    #[getter]
    fn description(&self) -> &'static str {
        self.preset.rules
    }

    /// Board rows.
    #[getter]
    fn rows(&self) -> usize {
        self.preset.rows
    }

    /// Board columns.
    #[getter]
    fn cols(&self) -> usize {
        self.preset.cols
    }

    /// The position the puzzle starts from when none is given (``uint8`` array).
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::board_to_py(py, &self.preset.start(), false, "the start")
    }

    /// The position the puzzle asks for (``uint8`` array): all off, except Merlin's
    /// Magic Square and the XL-25.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::board_to_py(py, &self.preset.goal(), false, "the goal")
    }

    /// ``Rules(preset=name)``.
    fn rules(&self, py: Python<'_>) -> PyResult<PyRules> {
        PyRules::from_spec(py, GameSpec::of_preset(self.preset))
    }

    fn __repr__(&self) -> String {
        format!(
            "Preset(name={}, rows={}, cols={}, title={})",
            quoted(self.preset.name),
            self.preset.rows,
            self.preset.cols,
            quoted(self.preset.title)
        )
    }
}

/// Every preset (real puzzles with their boards and rules), in the CLI's order.
#[pyfunction]
pub fn presets(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    PyList::new(py, engine::presets().iter().map(|p| PyPreset { preset: p }))
}

/// Bytes the library may take per character of a rules description: a shape mask's
/// offsets (8 bytes a cell) and copies of the text in messages.
const BYTES_PER_DESCRIPTION_CHAR: u64 = 16;

/// Checks a rules description (or shape mask) of `len` bytes against the memory limit
/// before the library parses it (the only input of unbounded size it reads whole).
fn check_description(len: usize, what: &str) -> Result<(), Refused> {
    memory::check(
        (len as u64).saturating_mul(BYTES_PER_DESCRIPTION_CHAR),
        &format!("{what} ({len} characters)"),
    )
}

/// `s` quoted as Python's `repr` quotes a string.
pub fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}
