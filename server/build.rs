//! Rebuilds the binary whenever the built web changes (cargo scans the folder), and makes sure the
//! folder exists so a binary built before `npm run build` still compiles (it then serves no web).

fn main() {
    let dist = std::path::Path::new("../web/dist");
    if !dist.exists() {
        let _ = std::fs::create_dir_all(dist);
    }
    println!("cargo:rerun-if-changed=../web/dist");
}
