//! The shipped nullity table `data/b159257.txt.gz` (OEIS A159257 in b-file format, `n
//! a(n)` lines from n = 1): every line in order, the published OEIS terms, the 2n+1 law
//! (d(2n+1) = 2 d(n) + 2 when 3 divides n + 1, else 2 d(n); Boyles, arXiv 2202.09878) on
//! every odd n of the table, and a sample recomputed directly by the polynomial method:
//! 50 random n <= 20,000 and a few large ones. (Boyles' own 250,000-term table was
//! compared once, all equal: `docs/records.md`; it is not shipped, so no test reads it.)

use flate2::read::GzDecoder;
use lightsout::gf2::chebyshev::square_nullity;
use std::io::Read;
use std::path::Path;

fn table() -> Vec<usize> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let file = std::fs::File::open(root.join("data/b159257.txt.gz")).unwrap();
    let mut text = String::new();
    GzDecoder::new(file).read_to_string(&mut text).unwrap();
    // d[n] for n >= 1; d[0] unused.
    let mut d = vec![0];
    for (i, line) in text.lines().enumerate() {
        let (n, value) = line.split_once(' ').expect("a line `n a(n)`");
        assert_eq!(n.parse::<usize>().unwrap(), i + 1, "line {}", i + 1);
        d.push(value.parse().unwrap());
    }
    d
}

#[test]
fn shipped_nullity_table() {
    let d = table();
    let max = d.len() - 1;
    assert!(max >= 900_000, "the table reaches n = {max}");

    // The OEIS DATA section.
    let oeis = include_str!("data/oeis_A159257_square_nullity.txt");
    let terms: Vec<usize> = oeis
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split(',').map(str::trim).filter(|t| !t.is_empty()))
        .map(|t| t.parse().unwrap())
        .collect();
    assert!(terms.len() > 100);
    for (i, &t) in terms.iter().enumerate() {
        assert_eq!(d[i + 1], t, "OEIS term n = {}", i + 1);
    }

    // The 2n+1 law on every odd n of the table.
    for m in (3..=max).step_by(2) {
        let n = (m - 1) / 2;
        let delta = if (n + 1) % 3 == 0 { 2 } else { 0 };
        assert_eq!(d[m], 2 * d[n] + delta, "the 2n+1 law at n = {m}");
    }

    // A sample recomputed directly (even n too, which the law does not reach).
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut sample: Vec<usize> = (0..50)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            1 + (state % 20_000) as usize
        })
        .collect();
    sample.extend([262_143, 524_286, 786_432, max - 1, max]);
    for n in sample {
        assert_eq!(d[n], square_nullity(n), "recomputed n = {n}");
    }
}
