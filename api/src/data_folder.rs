//! This server's data folder and whether it is the one the other servers on its database use. The
//! folder holds what exists nowhere else (console pictures, labels, exports, the RSA key logins are
//! encrypted with): a server on another folder would answer stand-in pictures and refuse every login
//! as a wrong password, without failing. So each folder carries an id, made once, that the database
//! records (`commands::data_folders`); a server whose folder is not the chosen one warns at start and
//! `/readyz` names it. Copying or moving a folder carries its id along.

use std::path::Path;

use anyhow::Context;
use commands::data_folders::{self, DataFolder};
use commands::Database;

const FOLDER_ID_FILE: &str = "folder-id";

/// This server's data folder: its id and where it is.
#[derive(Debug, Clone)]
pub struct ThisFolder {
    pub id: String,
    pub path: String,
}

impl ThisFolder {
    /// Reads the folder's id, making it on first use. Two servers starting on a new folder at once
    /// agree on one id: it is linked into place only if no other is there.
    pub fn load_or_create(data_dir: &Path) -> anyhow::Result<Self> {
        let file = data_dir.join(FOLDER_ID_FILE);
        let path = std::fs::canonicalize(data_dir)
            .unwrap_or_else(|_| data_dir.to_path_buf())
            .display()
            .to_string();
        if let Some(id) = read_id(&file)? {
            return Ok(Self { id, path });
        }
        let id = uuid::Uuid::new_v4().to_string();
        let draft = data_dir.join(format!(".{FOLDER_ID_FILE}.{id}"));
        std::fs::write(&draft, format!("{id}\n"))
            .with_context(|| format!("cannot write {}", draft.display()))?;
        let linked = std::fs::hard_link(&draft, &file);
        let _ = std::fs::remove_file(&draft);
        match linked {
            Ok(()) => Ok(Self { id, path }),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let id = read_id(&file)?.with_context(|| format!("{} is empty", file.display()))?;
                Ok(Self { id, path })
            }
            Err(e) => Err(e).with_context(|| format!("cannot write {}", file.display())),
        }
    }

    /// Records this folder in the database at start; answers the problem when another folder is the
    /// one its servers use (and logs it).
    pub async fn record(&self, db: &Database) -> anyhow::Result<Option<String>> {
        let chosen = data_folders::record(db, &self.id, &self.path, commands::clock::now())
            .await
            .context("cannot record the data folder in the database")?;
        let problem = self.mismatch(&chosen);
        if let Some(problem) = &problem {
            tracing::warn!("{problem}");
        }
        Ok(problem)
    }

    /// What `/readyz` says of the folder: `None` while this is the folder the servers use.
    pub async fn problem(&self, db: &Database) -> Result<Option<String>, String> {
        match data_folders::chosen(db).await {
            Ok(Some(chosen)) => Ok(self.mismatch(&chosen)),
            Ok(None) => Ok(None),
            Err(e) => Err(format!("data folder: {e}")),
        }
    }

    fn mismatch(&self, chosen: &DataFolder) -> Option<String> {
        (chosen.id != self.id).then(|| {
            format!(
                "data folder: this server's data folder {} (id {}) is not the one the servers on this \
                 database use, {} (id {}); pictures, labels, exports and the key logins are encrypted \
                 with differ between them. Give this server that folder (shared or copied whole), or, \
                 if the data moved here on purpose, run `jpmall ops data-folder claim` with this folder",
                self.path, self.id, chosen.path, chosen.id
            )
        })
    }
}

fn read_id(file: &Path) -> anyhow::Result<Option<String>> {
    match std::fs::read_to_string(file) {
        Ok(text) if !text.trim().is_empty() => Ok(Some(text.trim().to_string())),
        Ok(_) => Ok(None),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", file.display())),
    }
}
