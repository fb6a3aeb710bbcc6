//! A listing package built as a background job, as Excel exports are (`excel_jobs`): the call checks
//! and records the listing at once, then a task writes the zip to the data folder with its progress
//! in products, and the seller downloads it from the job when it is done. Memory stays flat: the
//! writer streams into the file as it does into a response.

use std::io::BufWriter;
use std::path::PathBuf;

use commands::excel_jobs::{self, NewJob};

use crate::actions::listing::{self as packaging, Package};
use crate::state::AppState;

/// The code the job record names a listing package by (`excel.table.listing_package`).
pub const TABLE_CODE: &str = "listing_package";

/// Writes `package` into the job's file, moving the job's progress after each product, and ends the
/// job done or failed ('the package could not be written', the cause logged).
pub async fn run(state: AppState, job: NewJob, package: Package) {
    let now = commands::clock::now;
    let path = PathBuf::from(&job.file_path);
    let partial = path.with_extension("zip.part");
    let total = job.total;
    let written = {
        let state = state.clone();
        let id = job.id.clone();
        let partial = partial.clone();
        let runtime = tokio::runtime::Handle::current();
        tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
            if let Some(dir) = partial.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let file = std::fs::File::create(&partial)?;
            let progress = |done: usize| {
                let recorded =
                    runtime.block_on(excel_jobs::progress(&state.db, &id, done as i64, total, now()));
                if let Err(e) = recorded {
                    tracing::warn!(job = %id, error = ?e, "package progress not recorded");
                }
            };
            packaging::write_with_progress(&state, &package, BufWriter::new(file), &progress)?;
            Ok(())
        })
        .await
        .map_err(anyhow::Error::from)
        .and_then(|r| r)
    };
    let outcome = match written {
        Ok(()) => tokio::fs::rename(&partial, &path)
            .await
            .map_err(anyhow::Error::from),
        Err(e) => Err(e),
    };
    let recorded = match outcome {
        Ok(()) => excel_jobs::finish(&state.db, &job.id, total, "", now()).await,
        Err(e) => {
            tracing::error!(job = %job.id, error = ?e, "listing package failed");
            let _ = tokio::fs::remove_file(&partial).await;
            excel_jobs::fail(&state.db, &job.id, "listing.write_failed", now()).await
        }
    };
    if let Err(e) = recorded {
        tracing::error!(job = %job.id, error = ?e, "listing package outcome not recorded");
    }
}
