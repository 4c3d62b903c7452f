// Independent check of the 39x39 minimum: plain Gray-code enumeration over 2^32 solutions.
use lightsout::*;
fn main() {
    let n = 39;
    let game = Game::classic(n, n).unwrap();
    let start = Board::all_on(n, n);
    let sol = solve(&game, &start, &Board::new(n, n), Method::Gauss).unwrap();
    let quiet = analyze(&game, Method::Gauss).unwrap().quiet;
    let p = sol.presses.unwrap();
    let mut cur: Vec<u64> = p.bits().unwrap().words().to_vec();
    let basis: Vec<Vec<u64>> = quiet
        .iter()
        .map(|q| q.bits().unwrap().words().to_vec())
        .collect();
    let d = basis.len();
    let w = |v: &[u64]| v.iter().map(|x| x.count_ones() as u64).sum::<u64>();
    let mut best = w(&cur);
    let mut count = 0u64;
    for step in 1u64..1 << d {
        let b = &basis[step.trailing_zeros() as usize];
        for (c, x) in cur.iter_mut().zip(b) {
            *c ^= x;
        }
        let k = w(&cur);
        if k < best {
            best = k;
            count = 1;
        } else if k == best {
            count += 1;
        }
    }
    println!("d={d} min {best} attained by {count} solutions");
}
