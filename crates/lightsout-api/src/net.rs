//! A folded board's net (the Lights Out Cube's) in JSON, for the page to draw: shared
//! by the preset list, the rules' description and the custom rules.

use lightsout::game::Net;
use serde::Serialize;

/// A [`Net`] in JSON: `{"rows":9,"cols":12,"cells":[[0,3],...],"faces":[...]}`; cell
/// `i` of the board (row-major) is drawn at `cells[i]` = `[row, col]` of a `rows x cols`
/// picture, whose other places are holes.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct NetInfo {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<[usize; 2]>,
    pub faces: Vec<FaceInfo>,
}

/// A face of a net: its name and the rectangle of the picture it covers.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct FaceInfo {
    pub name: &'static str,
    pub row: usize,
    pub col: usize,
    pub rows: usize,
    pub cols: usize,
}

impl From<Net> for NetInfo {
    fn from(net: Net) -> Self {
        NetInfo {
            rows: net.rows,
            cols: net.cols,
            cells: net.cells.iter().map(|&(r, c)| [r, c]).collect(),
            faces: net
                .faces
                .iter()
                .map(|f| FaceInfo {
                    name: f.name,
                    row: f.row,
                    col: f.col,
                    rows: f.rows,
                    cols: f.cols,
                })
                .collect(),
        }
    }
}
