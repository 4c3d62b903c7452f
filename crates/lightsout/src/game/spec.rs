//! Rules described by plain strings, the way front ends receive them (command-line flags,
//! query strings, JSON fields): one parser for all of them, no serde needed.

use super::presets::{preset, Preset};
use super::{Boundary, Game, Rules, Shape};
use crate::error::Error;

/// A description of the rules: either a preset name, or a boundary, a shape, the
/// sigma-game switch and a number of states. Unset fields take the classic defaults
/// (open, plus, self-toggle on, 2 states).
///
/// Build one field by field, with [`RulesSpec::set`] (keys `preset`, `boundary`,
/// `shape`, `no_self`, `mod`), or from a string such as `boundary=torus,shape=king,mod=3`
/// with [`RulesSpec::parse`]; then [`RulesSpec::rules`] or [`RulesSpec::game`] check it
/// and build the rules.
///
/// ```
/// use lightsout::game::RulesSpec;
/// use lightsout::{Boundary, Shape};
/// let spec = RulesSpec::parse("boundary=torus, shape=king, mod=3")?;
/// let game = spec.game(Some((4, 5)))?;
/// assert_eq!(game.rules().shape(), Some((&Shape::king(), Boundary::Torus)));
/// assert_eq!(game.modulus(), 3);
///
/// let cube = RulesSpec::parse("preset=cube")?.game(None)?;
/// assert_eq!(cube.cells(), 54);
///
/// assert!(RulesSpec::parse("mod=256").is_err());
/// assert!(RulesSpec::parse("preset=cube,mod=3")?.rules().is_err());
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesSpec {
    /// A preset (see [`crate::game::PRESETS`]); excludes the other fields.
    pub preset: Option<&'static Preset>,
    /// How the edges are glued (default open).
    pub boundary: Option<Boundary>,
    /// What a press reaches (default plus), before `no_self` is applied.
    pub shape: Option<Shape>,
    /// A press leaves its own light alone (the sigma game, with the plus shape).
    pub no_self: bool,
    /// Number of states per light, 2 to 255 (default 2).
    pub modulus: Option<u8>,
}

impl RulesSpec {
    /// Sets one field from text: `preset`, `boundary`, `shape`, `no_self` (also
    /// `no-self`; `true`/`false`/`1`/`0`, or empty for true) or `mod` (also `modulus`).
    /// The value is parsed here, so a bad one is refused at once.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for an unknown key, preset, boundary or shape, a bad
    /// mask, or a modulus outside 2..=255; the message names the key and the value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), Error> {
        let value = value.trim();
        match key.trim() {
            "preset" => self.preset = Some(preset(value)?),
            "boundary" => self.boundary = Some(value.parse()?),
            "shape" => self.shape = Some(Shape::parse(value)?),
            "no_self" | "no-self" => {
                self.no_self = match value {
                    "" | "true" | "1" | "yes" => true,
                    "false" | "0" | "no" => false,
                    _ => {
                        return Err(Error::invalid_rules(format!(
                            "no_self={value}: expected true or false"
                        )))
                    }
                }
            }
            "mod" | "modulus" => {
                let k: u32 = value.parse().map_err(|_| {
                    Error::invalid_rules(format!("mod={value}: expected a number from 2 to 255"))
                })?;
                self.modulus = Some(check_modulus(k)?);
            }
            other => {
                return Err(Error::invalid_rules(format!(
                    "unknown rules key '{other}' (expected preset, boundary, shape, no_self or mod)"
                )))
            }
        }
        Ok(())
    }

    /// Parses `key=value` pairs separated by commas (or `&`), e.g.
    /// `boundary=torus,shape=010/111/010,mod=3` or `preset=merlin`. A bare `no_self`
    /// means `no_self=true`. Spaces around keys and values are allowed; spaces do not
    /// separate pairs (`boundary=torus shape=king` is refused: "torus shape=king" is no
    /// boundary).
    ///
    /// # Errors
    ///
    /// As [`RulesSpec::set`], for the first bad pair.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let mut spec = Self::default();
        for part in text.split([',', '&']).filter(|p| !p.trim().is_empty()) {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            spec.set(k, v)?;
        }
        Ok(spec)
    }

    /// The preset, if one is named.
    pub fn preset(&self) -> Option<&'static Preset> {
        self.preset
    }

    /// The rules.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for a preset combined with any other field, or a shape
    /// that reaches no cell once `no_self` takes its own cell away.
    pub fn rules(&self) -> Result<Rules, Error> {
        if let Some(p) = self.preset {
            let mut extra = Vec::new();
            if self.boundary.is_some() {
                extra.push("boundary");
            }
            if self.shape.is_some() {
                extra.push("shape");
            }
            if self.no_self {
                extra.push("no-self");
            }
            if self.modulus.is_some() {
                extra.push("mod");
            }
            if !extra.is_empty() {
                return Err(Error::invalid_rules(format!(
                    "preset '{}' fixes the rules; drop {}",
                    p.name,
                    extra.join(", ")
                )));
            }
            return Ok(p.rules());
        }
        let boundary = self.boundary.unwrap_or(Boundary::Open);
        let mut shape = self.shape.clone().unwrap_or_else(Shape::plus);
        if self.no_self {
            shape = shape.without_self();
            if shape.offsets().is_empty() {
                return Err(Error::invalid_rules(
                    "the press shape without its own cell reaches no cell",
                ));
            }
        }
        Rules::new(shape, boundary, self.modulus.unwrap_or(2))
    }

    /// The game: a preset's own board (a `size` that differs is an error), or the rules
    /// on a `rows x cols` board (a size is then required).
    ///
    /// # Errors
    ///
    /// As [`RulesSpec::rules`]; [`Error::InvalidRules`] for a preset at another size;
    /// [`Error::InvalidSize`] when no size is given without a preset, or the size is
    /// refused by [`Game::new`].
    pub fn game(&self, size: Option<(usize, usize)>) -> Result<Game, Error> {
        let rules = self.rules()?;
        if let Some(p) = self.preset {
            return match size {
                Some(s) if s != (p.rows, p.cols) => Err(Error::invalid_rules(format!(
                    "preset '{}' is played on a {}x{} board, not {}x{}",
                    p.name, p.rows, p.cols, s.0, s.1
                ))),
                _ => Ok(p.game()),
            };
        }
        let (rows, cols) = size.ok_or_else(|| {
            Error::InvalidSize("no board size given (a preset or a size is needed)".into())
        })?;
        Game::new(rows, cols, rules)
    }
}

fn check_modulus(k: u32) -> Result<u8, Error> {
    u8::try_from(k).ok().filter(|&k| k >= 2).ok_or_else(|| {
        Error::invalid_rules(format!(
            "modulus {k}: a light needs between 2 and 255 states"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_classic_game() {
        assert_eq!(RulesSpec::default().rules().unwrap(), Rules::classic());
        assert_eq!(
            RulesSpec::parse("").unwrap().rules().unwrap(),
            Rules::classic()
        );
    }

    #[test]
    fn sigma_and_masks() {
        let s = RulesSpec::parse("no_self,shape=010/111/010").unwrap();
        let r = s.rules().unwrap();
        assert_eq!(r.shape().unwrap().0, &Shape::plus().without_self());
        let e = RulesSpec::parse("shape=000/010/000,no_self")
            .unwrap()
            .rules()
            .unwrap_err();
        assert!(e.to_string().contains("reaches no cell"), "{e}");
    }

    #[test]
    fn bad_specs_name_the_problem() {
        for (text, needle) in [
            ("mod=1", "modulus 1"),
            ("mod=256", "modulus 256"),
            ("mod=x", "mod=x"),
            ("colour=red", "unknown rules key"),
            ("no_self=maybe", "no_self"),
            // Bad values are refused when they are read, not later.
            ("boundary=sphere", "unknown boundary"),
            ("boundary=torus shape=king", "unknown boundary"),
            ("shape=blob", "unknown shape"),
            ("shape=000/000/000", "empty"),
            ("preset=tetris", "unknown preset"),
        ] {
            let e = RulesSpec::parse(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
        let e = RulesSpec::parse("preset=classic,boundary=torus")
            .unwrap()
            .rules()
            .unwrap_err()
            .to_string();
        assert!(e.contains("drop boundary"), "{e}");
        let e = RulesSpec::parse("preset=mini")
            .unwrap()
            .game(Some((5, 5)))
            .unwrap_err();
        assert!(e.to_string().contains("4x4"), "{e}");
        assert!(RulesSpec::default().game(None).is_err());
    }
}
