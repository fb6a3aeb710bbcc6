// `sqlx::migrate!` embeds the migration folders at compile time; without this, a new migration file
// does not rebuild the crate and the binary silently lacks it.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
