//! `jpmall ops staff`: the console's staff accounts.

use clap::Subcommand;
use commands::Database;

#[derive(Subcommand)]
pub(super) enum StaffOps {
    /// Create a staff account that signs in to the console at /admin.
    Add {
        #[arg(long)]
        mobile: String,
        #[arg(long)]
        password: String,
        /// owner, catalogue, warehouse, service, finance, marketing or stall.
        #[arg(long)]
        role: String,
        /// The name shown in the console and the audit trail; the phone number when left out.
        #[arg(long)]
        name: Option<String>,
        /// For role `stall`: the stall it supplies (repeat for more than one).
        #[arg(long = "stall")]
        stalls: Vec<String>,
    },
    /// Every staff account.
    List,
    /// Give an account another role (and, for `stall`, its stalls).
    Role {
        #[arg(long)]
        mobile: String,
        #[arg(long)]
        role: String,
        #[arg(long = "stall")]
        stalls: Vec<String>,
    },
    /// Disable an account, ending its sessions (`--enable` turns it back on).
    Disable {
        #[arg(long)]
        mobile: String,
        #[arg(long)]
        enable: bool,
    },
}

pub(super) async fn staff_ops(db: &Database, command: StaffOps) -> anyhow::Result<()> {
    use domain::staff::Role;
    let explain = |e: commands::Error| {
        anyhow::anyhow!(crate::error::AppError::from(e).message(crate::i18n::Language::EnUs))
    };
    let role_of = |name: &str| {
        Role::parse(name).map_err(|_| anyhow::anyhow!("unknown role {name}: use one of owner, catalogue, warehouse, service, finance, marketing, stall"))
    };
    match command {
        StaffOps::Add {
            mobile,
            password,
            role,
            name,
            stalls,
        } => {
            let role = role_of(&role)?;
            let name = name.unwrap_or_else(|| mobile.clone());
            commands::staff::add(
                db,
                commands::staff::NewStaff {
                    mobile: &mobile,
                    name: &name,
                    password: commands::accounts::Password::Plain(password),
                    role,
                    stall_ids: &stalls,
                },
            )
            .await
            .map_err(explain)?;
            println!("staff {mobile} added as {}; sign in at /admin/login", role.name());
        }
        StaffOps::List => {
            let page = projections::staff::list(&db.pool, 1, 1000).await?;
            println!(
                "{:<13} {:<10} {:<9} {:<20} name",
                "mobile", "role", "status", "stalls"
            );
            for staff in page.list {
                let status = if staff.disabled { "disabled" } else { "active" };
                println!(
                    "{:<13} {:<10} {:<9} {:<20} {}",
                    staff.mobile,
                    staff.role,
                    status,
                    staff.stall_ids.join(","),
                    staff.name
                );
            }
        }
        StaffOps::Role { mobile, role, stalls } => {
            let role = role_of(&role)?;
            let id = commands::staff::id_by_mobile(db, &mobile)
                .await
                .map_err(explain)?;
            commands::staff::change_role(db, &id, role, &stalls)
                .await
                .map_err(explain)?;
            println!("staff {mobile} is now {}", role.name());
        }
        StaffOps::Disable { mobile, enable } => {
            let id = commands::staff::id_by_mobile(db, &mobile)
                .await
                .map_err(explain)?;
            commands::staff::set_disabled(db, &id, !enable)
                .await
                .map_err(explain)?;
            println!("staff {mobile} {}", if enable { "enabled" } else { "disabled" });
        }
    }
    Ok(())
}
