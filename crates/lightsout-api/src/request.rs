//! What the endpoints share in reading a request: a JSON body parsed with errors that
//! name the field, and query strings of rules and numbers.

use crate::error::ApiError;
use lightsout::GameSpec;
use serde::de::DeserializeOwned;

/// A JSON body parsed into `T`; errors name the field that was wrong and where.
///
/// # Errors
///
/// 400: malformed JSON, or a field of the wrong shape.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        match (inner.classify(), path.as_str()) {
            (serde_json::error::Category::Data, ".") => {
                ApiError::bad_request(format!("invalid request: {inner}"))
            }
            (serde_json::error::Category::Data, _) => {
                ApiError::bad_request(format!("invalid request: {path}: {inner}"))
            }
            _ => ApiError::bad_request(format!("malformed JSON: {inner}")),
        }
    })?;
    de.end()
        .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    Ok(value)
}

/// The `key=value` pairs of a query string, decoded (`+` as space, `%XX` escapes).
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

/// A query string split into the numbers named in `numbers` and the rules (every other
/// key, read by the library's [`GameSpec::set`]).
pub struct RulesQuery {
    /// The rules the query names.
    pub spec: GameSpec,
    numbers: Vec<(&'static str, u64)>,
}

impl RulesQuery {
    /// Splits the query; a bad number or rule is a 400 naming the parameter.
    pub fn parse(query: &str, numbers: &[&'static str]) -> Result<Self, ApiError> {
        let pairs = query_pairs(query);
        let mut out = RulesQuery {
            spec: GameSpec::default(),
            numbers: Vec::new(),
        };
        for (key, value) in &pairs {
            if let Some(&name) = numbers.iter().find(|&&n| n == key) {
                let n = value.trim().parse::<u64>().map_err(|_| {
                    ApiError::bad_request(format!("{key}={value}: expected a non-negative integer"))
                })?;
                out.numbers.retain(|(k, _)| *k != name);
                out.numbers.push((name, n));
            } else {
                out.spec
                    .set(key, value)
                    .map_err(|e| ApiError::bad_request(e.to_string()))?;
            }
        }
        Ok(out)
    }

    /// The number given as `name`, if any.
    pub fn number(&self, name: &str) -> Option<u64> {
        self.numbers
            .iter()
            .find(|(k, _)| *k == name)
            .map(|&(_, v)| v)
    }
}
