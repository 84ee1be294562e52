//! Ratings for a round robin of bots: the Bradley–Terry model, where player
//! *i* beats player *j* with probability γᵢ / (γᵢ + γⱼ), fitted by maximum
//! likelihood and shown on the Elo scale (400 · log₁₀ γ; 200 points apart
//! is a 76% expected win rate), the first player anchored at 0.
//!
//! Each pair also gets one virtual drawn game (half a win each), so that a
//! level that wins every game still has a finite rating; with hundreds of
//! games per pair it moves a rating by a few points at most.

/// A rating on the Elo scale and the half-width of its ~95% interval
/// (from the curvature of the likelihood; 0 for the anchor).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating on the Elo scale.
    pub elo: f64,
    /// The half-width of its ~95% interval, in Elo points.
    pub interval: f64,
}

const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Fits ratings to `wins[i][j]`: the wins of *i* against *j* (a shared win
/// counts 1/2), over `games[i][j]` games (symmetric). Player 0 is the
/// anchor.
pub fn bradley_terry(wins: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<Rating> {
    let k = wins.len();
    let (w, n) = with_virtual_draws(wins, games);
    let mut strength = vec![1.0; k];
    // Minorization–maximization (Hunter 2004): converges from any start.
    for _ in 0..10_000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let won: f64 = (0..k).map(|j| w[i][j]).sum();
            let denominator: f64 = (0..k)
                .filter(|&j| j != i && n[i][j] > 0.0)
                .map(|j| n[i][j] / (strength[i] + strength[j]))
                .sum();
            next[i] = if denominator > 0.0 {
                won / denominator
            } else {
                strength[i]
            };
        }
        let anchor = next[0];
        next.iter_mut().for_each(|s| *s /= anchor);
        let change = (0..k)
            .map(|i| (next[i] - strength[i]).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-12 {
            break;
        }
    }
    let spread = standard_errors(&strength, &n);
    (0..k)
        .map(|i| Rating {
            elo: ELO_PER_NAT * strength[i].ln(),
            interval: 1.96 * ELO_PER_NAT * spread[i],
        })
        .collect()
}

/// One player's rating from games against opponents of known ratings:
/// `(opponent's Elo, wins, games)` each (a shared win counts 1/2). The
/// same model as [`bradley_terry`], the opponents held fixed, with one
/// virtual drawn game against each opponent met (so that a clean sweep
/// stays finite); None before any game.
pub fn rating_against(results: &[(f64, f64, f64)]) -> Option<Rating> {
    let met: Vec<(f64, f64, f64)> = results
        .iter()
        .filter(|&&(_, _, games)| games > 0.0)
        .map(|&(elo, wins, games)| (elo, wins + 0.5, games + 1.0))
        .collect();
    if met.is_empty() {
        return None;
    }
    let expected = |r: f64, elo: f64| 1.0 / (1.0 + 10f64.powf((elo - r) / 400.0));
    // Newton's method on the log-likelihood (concave: one maximum), from
    // the opponents' mean, each step at most 400 points.
    let mut r = met.iter().map(|m| m.0).sum::<f64>() / met.len() as f64;
    let mut information = 0.0;
    for _ in 0..100 {
        let (mut slope, mut curve) = (0.0, 0.0);
        for &(elo, wins, games) in &met {
            let p = expected(r, elo);
            slope += (wins - games * p) / ELO_PER_NAT;
            curve += games * p * (1.0 - p) / (ELO_PER_NAT * ELO_PER_NAT);
        }
        information = curve;
        let step = (slope / curve).clamp(-400.0, 400.0);
        r += step;
        if step.abs() < 1e-9 {
            break;
        }
    }
    Some(Rating {
        elo: r,
        interval: 1.96 / information.sqrt(),
    })
}

fn with_virtual_draws(wins: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let k = wins.len();
    let mut w = wins.to_vec();
    let mut n = games.to_vec();
    for i in 0..k {
        for j in 0..k {
            if i != j && games[i][j] > 0.0 {
                w[i][j] += 0.5;
                n[i][j] += 1.0;
            }
        }
    }
    (w, n)
}

/// Standard errors of the log-strengths: the inverse of the observed
/// information with the anchor (player 0) held fixed.
fn standard_errors(strength: &[f64], n: &[Vec<f64>]) -> Vec<f64> {
    let k = strength.len();
    let free = k - 1;
    let mut info = vec![vec![0.0; free]; free];
    for i in 1..k {
        for j in 0..k {
            if i == j {
                continue;
            }
            let p = strength[i] / (strength[i] + strength[j]);
            let v = n[i][j] * p * (1.0 - p);
            info[i - 1][i - 1] += v;
            if j > 0 {
                info[i - 1][j - 1] -= v;
            }
        }
    }
    let mut errors = vec![0.0];
    match invert(info) {
        Some(inverse) => errors.extend((0..free).map(|i| inverse[i][i].max(0.0).sqrt())),
        None => errors.extend(std::iter::repeat_n(f64::INFINITY, free)),
    }
    errors
}

/// Gauss–Jordan inverse of a small matrix (None when singular).
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let k = a.len();
    let mut inv: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..k {
        let pivot = (col..k).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        a[col].iter_mut().for_each(|x| *x /= d);
        inv[col].iter_mut().for_each(|x| *x /= d);
        for row in 0..k {
            if row != col {
                let f = a[row][col];
                let (a_col, inv_col) = (a[col].clone(), inv[col].clone());
                a[row].iter_mut().zip(&a_col).for_each(|(x, c)| *x -= f * c);
                inv[row]
                    .iter_mut()
                    .zip(&inv_col)
                    .for_each(|(x, c)| *x -= f * c);
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rating_against_fixed_opponents_is_where_its_results_are_expected() {
        // Half the games against a 400-point opponent: rated 400.
        let even = rating_against(&[(400.0, 10.0, 20.0)]).unwrap();
        assert!((even.elo - 400.0).abs() < 1e-6, "{even:?}");
        // 75 % against 0 (with the virtual draw: 19.5 of 26) is
        // 400·log₁₀(3) = 191 on the Elo scale; 76 % is about 199; more
        // games, a narrower interval.
        let few = rating_against(&[(0.0, 19.0, 25.0)]).unwrap();
        let many = rating_against(&[(0.0, 190.0, 250.0)]).unwrap();
        assert!(
            (few.elo - 191.0).abs() < 2.0 && (many.elo - 199.0).abs() < 2.0,
            "{few:?} {many:?}"
        );
        assert!(many.interval < few.interval / 2.5);
        // A clean sweep stays finite; no game, no rating.
        let sweep = rating_against(&[(700.0, 5.0, 5.0)]).unwrap();
        assert!(sweep.elo.is_finite() && sweep.elo > 900.0, "{sweep:?}");
        assert_eq!(rating_against(&[(700.0, 0.0, 0.0)]), None);
        // Against two levels: between them when it wins some of each.
        let mixed = rating_against(&[(0.0, 8.0, 10.0), (700.0, 2.0, 10.0)]).unwrap();
        assert!(mixed.elo > 0.0 && mixed.elo < 700.0, "{mixed:?}");
    }

    fn square(rows: &[&[f64]]) -> Vec<Vec<f64>> {
        rows.iter().map(|r| r.to_vec()).collect()
    }

    #[test]
    fn an_even_match_rates_equal() {
        let r = bradley_terry(
            &square(&[&[0.0, 50.0], &[50.0, 0.0]]),
            &square(&[&[0.0, 100.0], &[100.0, 0.0]]),
        );
        assert!(r[1].elo.abs() < 1e-6, "{r:?}");
        assert_eq!(r[0].interval, 0.0);
        // ±1.96 · 400/ln 10 · 2/√101: about ±68 Elo.
        assert!((r[1].interval - 67.8).abs() < 1.0, "{r:?}");
    }

    #[test]
    fn seventy_six_percent_is_about_two_hundred_elo() {
        let r = bradley_terry(
            &square(&[&[0.0, 239.5], &[759.5, 0.0]]),
            &square(&[&[0.0, 999.0], &[999.0, 0.0]]),
        );
        assert!((r[1].elo - 200.0).abs() < 2.0, "{r:?}");
    }

    #[test]
    fn ratings_are_transitive_and_finite_for_a_clean_sweep() {
        // 0 never wins; 1 beats 0 always; 2 beats 1 three times in four.
        let wins = square(&[&[0.0, 0.0, 0.0], &[100.0, 0.0, 25.0], &[100.0, 75.0, 0.0]]);
        let games = square(&[
            &[0.0, 100.0, 100.0],
            &[100.0, 0.0, 100.0],
            &[100.0, 100.0, 0.0],
        ]);
        let r = bradley_terry(&wins, &games);
        assert!(r[1].elo > 400.0 && r[2].elo > r[1].elo + 150.0, "{r:?}");
        assert!(r
            .iter()
            .all(|x| x.elo.is_finite() && x.interval.is_finite()));
    }
}
