//! Embeds every file of the web client (`web/`, beside the crates) in the binary: adding a
//! file there (a game's renderer, say) needs no change to the Rust code. The catalogues
//! (`web/i18n/`) and the vendored Fluent library (`web/fluent/`) come with them, and so do
//! the web app's manifest and its icons (`manifest.webmanifest`, `icon-*.png`).

use std::io::Write;
use std::path::Path;

fn main() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    println!("cargo:rerun-if-changed={}", web.display());
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("web_assets.rs");
    let mut f = std::fs::File::create(&out).expect("the generated file");
    writeln!(
        f,
        "/// The web client's files: (name, content type, content's bytes)."
    )
    .unwrap();
    writeln!(f, "pub const ASSETS: &[(&str, &str, &[u8])] = &[").unwrap();
    // the files of `web/` and of its folders of words (`i18n/`) and of the vendored Fluent
    // library (`fluent/`), named by their path below `web/` (`i18n/de.ftl`)
    let mut names: Vec<_> = ["", "i18n", "fluent"]
        .iter()
        .flat_map(|dir| {
            println!("cargo:rerun-if-changed={}", web.join(dir).display());
            std::fs::read_dir(web.join(dir))
                .map(|d| d.flatten().map(|e| e.path()).collect::<Vec<_>>())
                .unwrap_or_default()
        })
        .collect();
    names.sort();
    for path in names {
        if !path.is_file() {
            continue;
        }
        let name = path
            .strip_prefix(&web)
            .ok()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let mime = match path.extension().and_then(|e| e.to_str()) {
            Some("html") => "text/html; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("js") | Some("mjs") => "text/javascript; charset=utf-8",
            Some("svg") => "image/svg+xml",
            Some("json") => "application/json",
            Some("webmanifest") => "application/manifest+json",
            Some("png") => "image/png",
            Some("ftl") => "text/plain; charset=utf-8",
            _ => continue,
        };
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            f,
            "    ({name:?}, {mime:?}, include_bytes!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    writeln!(f, "];").unwrap();
}
