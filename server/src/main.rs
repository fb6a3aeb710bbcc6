//! `jpmall`: the command line of the api crate, carrying the built storefront and console
//! (`web/dist` at build time), so a release binary serves them from an empty folder.

use std::borrow::Cow;

/// glibc's allocator was a third of a replay's time (malloc, free and their consolidation, in the
/// rows a page decodes and writes); mimalloc's thread caches make that small.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(rust_embed::RustEmbed)]
#[folder = "../web/dist/"]
#[exclude = ".gitkeep"]
struct Web;

fn embedded(path: &str) -> Option<api::web::Embedded> {
    Web::get(path).map(|file| api::web::Embedded {
        hash: file.metadata.sha256_hash(),
        data: match file.data {
            Cow::Borrowed(bytes) => Cow::Borrowed(bytes),
            Cow::Owned(bytes) => Cow::Owned(bytes),
        },
    })
}

fn main() -> std::process::ExitCode {
    api::web::embed(embedded, Web::iter().count());
    api::cli::main()
}
