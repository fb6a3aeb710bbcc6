//! Lists the migration folders for `commands::migrations`, which embeds them in the binary: a new
//! migration file reruns this and rebuilds the crate, so the binary never silently lacks one.

use std::fmt::Write;
use std::path::Path;

fn main() {
    // Read when the script runs, not when it was compiled: a target folder copied from another checkout
    // keeps its compiled build script, which would otherwise go on reading that checkout's migrations.
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir).join("../migrations");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut out = String::new();
    for (name, folder) in [("SQLITE", "sqlite"), ("POSTGRES", "postgres")] {
        let dir = root.join(folder);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| {
                entry
                    .expect("a readable folder")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|file| file.ends_with(".sql"))
            .collect();
        files.sort();
        writeln!(out, "pub(crate) const {name}: &[(&str, &str)] = &[").unwrap();
        for file in files {
            let path = dir.join(&file).canonicalize().expect("a migration file");
            writeln!(
                out,
                "    ({file:?}, include_str!({:?})),",
                path.display().to_string()
            )
            .unwrap();
        }
        writeln!(out, "];").unwrap();
    }
    let target = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("migrations.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
