//! Whose pages may open the WebSockets. A browser names the page that opens a socket in
//! its `Origin` header, and sends the site's cookies with it whatever that page is
//! (WebSockets have no CORS): a foreign page could otherwise play a person's seat or
//! hold spectator sockets from every visitor's browser. A request without an `Origin`
//! is no browser's page (a program, a test's client) and is let in; one whose `Origin`
//! is not the site itself, nor an origin the operator allows, is refused with 403.
//!
//! The site itself is the request's `Host` (what the browser asked for; a load balancer
//! such as HAProxy passes it on as it is) or the origin of `--public-url` (for a proxy
//! that rewrites `Host`). `--allowed-origin` adds others.

use crate::vocab::config::Config;
use axum::http::{header, HeaderMap};

/// Whether a request with `headers` may open a WebSocket under `config`.
///
/// ```
/// use axum::http::HeaderMap;
/// use tessera_server::vocab::config::Config;
/// use tessera_server::doors::web::origin::allowed;
/// let mut config = Config::default();
/// let with = |host: &str, origin: Option<&str>| {
///     let mut h = HeaderMap::new();
///     h.insert("host", host.parse().unwrap());
///     if let Some(o) = origin {
///         h.insert("origin", o.parse().unwrap());
///     }
///     h
/// };
/// assert!(allowed(&config, &with("play.example.org", None)));
/// assert!(allowed(&config, &with("play.example.org", Some("https://play.example.org"))));
/// assert!(allowed(&config, &with("play.example.org:443", Some("https://Play.Example.org"))));
/// assert!(allowed(&config, &with("127.0.0.1:8080", Some("http://127.0.0.1:8080"))));
/// assert!(!allowed(&config, &with("127.0.0.1:8080", Some("http://127.0.0.1:8081"))));
/// assert!(!allowed(&config, &with("play.example.org", Some("https://evil.example"))));
/// assert!(!allowed(&config, &with("play.example.org", Some("null"))));
/// assert!(!allowed(&config, &with("play.example.org", Some("https://play.example.org.evil.example"))));
/// // behind a proxy that rewrites Host, the site's public address
/// config.public_url = Some("https://play.example.org/".into());
/// assert!(allowed(&config, &with("10.0.0.7:8080", Some("https://play.example.org"))));
/// assert!(!allowed(&config, &with("10.0.0.7:8080", Some("http://play.example.org"))));
/// // and the origins the operator allows
/// config.allowed_origins = vec!["https://friends.example".into()];
/// assert!(allowed(&config, &with("10.0.0.7:8080", Some("https://friends.example"))));
/// ```
pub fn allowed(config: &Config, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Some((scheme, authority)) = origin.to_str().ok().and_then(parse) else {
        return false;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .map(|h| without_default_port(&scheme, &h.trim().to_ascii_lowercase()));
    if host.as_deref() == Some(authority.as_str()) {
        return true;
    }
    config
        .public_url
        .iter()
        .chain(config.allowed_origins.iter())
        .filter_map(|o| parse(o))
        .any(|(s, a)| s == scheme && a == authority)
}

/// An origin (or a URL) as `(scheme, host[:port])`, lower case, the scheme's default port
/// left out; `None` for anything else (`null`, no scheme, no host).
fn parse(origin: &str) -> Option<(String, String)> {
    let (scheme, rest) = origin.trim().split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?;
    if authority.is_empty() || authority.contains('@') {
        return None;
    }
    let scheme = scheme.to_ascii_lowercase();
    let authority = without_default_port(&scheme, &authority.to_ascii_lowercase());
    Some((scheme, authority))
}

/// `authority` without `:80` for http, `:443` for https.
fn without_default_port(scheme: &str, authority: &str) -> String {
    let default = match scheme {
        "http" | "ws" => ":80",
        "https" | "wss" => ":443",
        _ => return authority.to_string(),
    };
    authority
        .strip_suffix(default)
        .unwrap_or(authority)
        .to_string()
}
