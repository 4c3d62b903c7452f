//! The page, embedded in the binary: one file to ship, nothing fetched from elsewhere.
//! The script is a set of ES modules (`web/js/`), served from one table under `/js/`.

use super::error::{ApiError, HttpError};
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../web/index.html");
/// The entry point: it imports `js/main.js`, which imports the rest.
const SCRIPT: &str = include_str!("../web/app.js");
const STYLE: &str = include_str!("../web/style.css");
const ICON: &str = include_str!("../web/favicon.svg");

/// The page's modules, by file name (`GET /js/{name}`); `main.js` imports the others.
const MODULES: &[(&str, &str)] = &[
    ("main.js", include_str!("../web/js/main.js")),
    ("api.js", include_str!("../web/js/api.js")),
    ("board.js", include_str!("../web/js/board.js")),
    ("controls.js", include_str!("../web/js/controls.js")),
    ("debug.js", include_str!("../web/js/debug.js")),
    ("editor.js", include_str!("../web/js/editor.js")),
    ("errors.js", include_str!("../web/js/errors.js")),
    ("explore.js", include_str!("../web/js/explore.js")),
    ("files.js", include_str!("../web/js/files.js")),
    ("health.js", include_str!("../web/js/health.js")),
    ("history.js", include_str!("../web/js/history.js")),
    ("hud.js", include_str!("../web/js/hud.js")),
    ("info.js", include_str!("../web/js/info.js")),
    ("input.js", include_str!("../web/js/input.js")),
    ("jobs.js", include_str!("../web/js/jobs.js")),
    ("json.js", include_str!("../web/js/json.js")),
    ("layout.js", include_str!("../web/js/layout.js")),
    ("link.js", include_str!("../web/js/link.js")),
    ("modes.js", include_str!("../web/js/modes.js")),
    ("par.js", include_str!("../web/js/par.js")),
    ("patterns.js", include_str!("../web/js/patterns.js")),
    ("play.js", include_str!("../web/js/play.js")),
    ("puzzle.js", include_str!("../web/js/puzzle.js")),
    ("reach.js", include_str!("../web/js/reach.js")),
    ("single.js", include_str!("../web/js/single.js")),
    ("solve.js", include_str!("../web/js/solve.js")),
    ("start.js", include_str!("../web/js/start.js")),
    ("state.js", include_str!("../web/js/state.js")),
    ("stats.js", include_str!("../web/js/stats.js")),
    ("theme.js", include_str!("../web/js/theme.js")),
    ("ui.js", include_str!("../web/js/ui.js")),
    ("view.js", include_str!("../web/js/view.js")),
];

/// Only this server's own files may load; no inline script.
const CSP: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
}

/// `GET /`: the page.
pub async fn index() -> impl IntoResponse {
    asset("text/html; charset=utf-8", INDEX)
}

/// `GET /app.js`: the entry module.
pub async fn script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /js/{file}`: one of the page's modules.
pub async fn module(Path(file): Path<String>) -> Result<impl IntoResponse, HttpError> {
    MODULES
        .iter()
        .find(|(name, _)| *name == file)
        .map(|(_, body)| asset("text/javascript; charset=utf-8", body))
        .ok_or_else(|| {
            HttpError(ApiError::new(
                StatusCode::NOT_FOUND,
                format!("no such page or endpoint: GET /js/{file}"),
            ))
        })
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    asset("text/css; charset=utf-8", STYLE)
}

/// `GET /favicon.svg`.
pub async fn icon() -> impl IntoResponse {
    asset("image/svg+xml", ICON)
}

#[cfg(test)]
mod tests {
    use super::MODULES;

    /// Every module another imports is in the table (a missing one would fail only in
    /// the browser).
    #[test]
    fn every_imported_module_is_served() {
        let entry = [("../app.js", super::SCRIPT)];
        for (name, body) in MODULES.iter().chain(&entry) {
            for line in body
                .lines()
                .filter(|l| l.trim_start().starts_with("import "))
            {
                let Some(from) = line.split(" from ").nth(1) else {
                    continue;
                };
                let path = from.trim().trim_end_matches(';').trim_matches(['\'', '"']);
                let file = path
                    .strip_prefix("./js/")
                    .or_else(|| path.strip_prefix("./"))
                    .unwrap_or(path);
                assert!(
                    MODULES.iter().any(|(n, _)| *n == file),
                    "{name} imports {path}, which is not served"
                );
            }
        }
    }
}
