//! The platform's own people: roles and what each may do. The server checks a permission on every
//! staff call; the console only uses the same list to choose which menus to show.

use serde::{Deserialize, Serialize};

use crate::accounts::Violation;

/// One thing a staff call may need. The names are the wire format (the console reads them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Permission {
    #[serde(rename = "staff.manage")]
    StaffManage,
    #[serde(rename = "catalogue.read")]
    CatalogueRead,
    #[serde(rename = "catalogue.write")]
    CatalogueWrite,
    #[serde(rename = "stock.write")]
    StockWrite,
    #[serde(rename = "imports.write")]
    ImportsWrite,
    #[serde(rename = "orders.read")]
    OrdersRead,
    #[serde(rename = "orders.write")]
    OrdersWrite,
    #[serde(rename = "aftersales.read")]
    AfterSalesRead,
    #[serde(rename = "aftersales.write")]
    AfterSalesWrite,
    #[serde(rename = "withdrawals.read")]
    WithdrawalsRead,
    #[serde(rename = "withdrawals.write")]
    WithdrawalsWrite,
    /// The full payee and account of a withdrawal, to send the money: every look is recorded.
    #[serde(rename = "payees.read")]
    PayeesRead,
    #[serde(rename = "ledgers.read")]
    LedgersRead,
    /// The home's day figures and 30-day trend: counts and sums, no buyer.
    #[serde(rename = "figures.read")]
    FiguresRead,
    #[serde(rename = "coupons.read")]
    CouponsRead,
    #[serde(rename = "coupons.write")]
    CouponsWrite,
    #[serde(rename = "notices.write")]
    NoticesWrite,
    #[serde(rename = "audit.read")]
    AuditRead,
    /// The development SMS outbox: the owner's and the machine credential's only.
    #[serde(rename = "outbox.read")]
    OutboxRead,
}

impl Permission {
    pub const ALL: [Permission; 19] = [
        Permission::StaffManage,
        Permission::CatalogueRead,
        Permission::CatalogueWrite,
        Permission::StockWrite,
        Permission::ImportsWrite,
        Permission::OrdersRead,
        Permission::OrdersWrite,
        Permission::AfterSalesRead,
        Permission::AfterSalesWrite,
        Permission::WithdrawalsRead,
        Permission::WithdrawalsWrite,
        Permission::PayeesRead,
        Permission::LedgersRead,
        Permission::FiguresRead,
        Permission::CouponsRead,
        Permission::CouponsWrite,
        Permission::NoticesWrite,
        Permission::AuditRead,
        Permission::OutboxRead,
    ];

    pub fn name(self) -> &'static str {
        use Permission::*;
        match self {
            StaffManage => "staff.manage",
            CatalogueRead => "catalogue.read",
            CatalogueWrite => "catalogue.write",
            StockWrite => "stock.write",
            ImportsWrite => "imports.write",
            OrdersRead => "orders.read",
            OrdersWrite => "orders.write",
            AfterSalesRead => "aftersales.read",
            AfterSalesWrite => "aftersales.write",
            WithdrawalsRead => "withdrawals.read",
            WithdrawalsWrite => "withdrawals.write",
            PayeesRead => "payees.read",
            LedgersRead => "ledgers.read",
            FiguresRead => "figures.read",
            CouponsRead => "coupons.read",
            CouponsWrite => "coupons.write",
            NoticesWrite => "notices.write",
            AuditRead => "audit.read",
            OutboxRead => "outbox.read",
        }
    }

    /// What the permission opens, for the role table of docs/api.md.
    pub fn opens(self) -> &'static str {
        use Permission::*;
        match self {
            StaffManage => "staff accounts, roles and stalls of stall accounts",
            CatalogueRead => "products, stock log, markets, categories, stalls",
            CatalogueWrite => "saving products, markets, categories, stalls; the shelf",
            StockWrite => "changing a SKU's stock",
            ImportsWrite => "product imports: template, preview, history, confirm",
            OrdersRead => "every order with its buyer (phone, address): waves, to-ship queue, labels' list, abnormal orders, shortages",
            OrdersWrite => "preparing, shipping, flagging orders; waves; the labels' files",
            AfterSalesRead => "the after-sales queue, each with its order's lines and parcel and the seller's phone",
            AfterSalesWrite => "every after-sale step, receiving the returned parcel included",
            WithdrawalsRead => "the withdrawals queue and the day's payout sheet",
            WithdrawalsWrite => "marking a withdrawal paid or rejecting it",
            PayeesRead => "the full payee and account of withdrawals: the to-pay sheet and a row's reveal, each recorded in the audit trail",
            LedgersRead => "one seller's ledger and balance",
            FiguresRead => "the home's day figures and 30-day trend (counts and sums, no buyer)",
            CouponsRead => "coupon templates and issued coupons",
            CouponsWrite => "issuing and publishing coupons",
            NoticesWrite => "the announcements: list, publish, withdraw",
            AuditRead => "the audit trail",
            OutboxRead => "the development SMS outbox",
        }
    }
}

/// A staff member's role. `Stall` is a supplier's account: its catalogue permissions reach only the
/// stalls it is linked to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Owner,
    Catalogue,
    Warehouse,
    Service,
    Finance,
    Marketing,
    Stall,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::Owner,
        Role::Catalogue,
        Role::Warehouse,
        Role::Service,
        Role::Finance,
        Role::Marketing,
        Role::Stall,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Catalogue => "catalogue",
            Role::Warehouse => "warehouse",
            Role::Service => "service",
            Role::Finance => "finance",
            Role::Marketing => "marketing",
            Role::Stall => "stall",
        }
    }

    pub fn parse(name: &str) -> Result<Role, Violation> {
        Role::ALL.into_iter().find(|r| r.name() == name).ok_or(Violation {
            key: "staff.role_invalid",
            field: "role",
        })
    }

    /// What each role may do: what its console screens call, and no more (docs/architecture.md
    /// "Who reads what" gives the reasons; docs/api.md's role table is generated from this).
    pub fn permissions(self) -> &'static [Permission] {
        use Permission::*;
        match self {
            Role::Owner => &Permission::ALL,
            Role::Catalogue => &[CatalogueRead, CatalogueWrite, StockWrite, ImportsWrite],
            Role::Warehouse => &[OrdersRead, OrdersWrite, CatalogueRead, StockWrite, FiguresRead],
            Role::Service => &[AfterSalesRead, AfterSalesWrite],
            Role::Finance => &[
                WithdrawalsRead,
                WithdrawalsWrite,
                PayeesRead,
                LedgersRead,
                FiguresRead,
            ],
            Role::Marketing => &[CouponsRead, CouponsWrite, NoticesWrite],
            Role::Stall => &[CatalogueRead, CatalogueWrite, StockWrite, ImportsWrite],
        }
    }

    /// The role's work, and so why it holds what it holds (the role table of docs/api.md).
    pub fn duty(self) -> &'static str {
        match self {
            Role::Owner => "everything; the only one to manage staff and read the audit trail",
            Role::Catalogue => "products, shelf, stock and imports of every stall; markets, categories, stalls. No orders: shortages are the warehouse's",
            Role::Warehouse => "waves, shipping and labels, abnormal orders and shortages; the catalogue for the waves' market and stall filters and to correct stock; the day's figures. Returned parcels are received by the service desk, so no after-sales",
            Role::Service => "after-sales: each shows its order's number, the lines asked about and the parcel it left in, the seller's phone and the timeline; the service desk also receives the returned parcel. Not the order queues and their buyers",
            Role::Finance => "withdrawals with the seller's ledger beside each, the payee in full to send the money (the to-pay sheet, a row's reveal; each look recorded), the day's paid sheet, the day's figures and the trend. No buyers' addresses",
            Role::Marketing => "coupons (off the goods, the service fee or the shipping: no product is picked) and notices. No catalogue",
            Role::Stall => "a supplier's own stalls only: their products, stock and imports",
        }
    }

    pub fn may(self, permission: Permission) -> bool {
        self.permissions().contains(&permission)
    }

    /// Whether the role's catalogue permissions are limited to its own stalls.
    pub fn is_stall_scoped(self) -> bool {
        self == Role::Stall
    }
}

/// Where docs/api.md's role table begins and ends.
pub const ROLE_TABLE_BEGIN: &str =
    "<!-- role table: generated from domain::staff (JPMALL_WRITE_DOCS=1 cargo test -p domain rewrites it) -->";
pub const ROLE_TABLE_END: &str = "<!-- end of role table -->";

/// The roles and permissions as markdown: a row per role, then a row per permission with what it
/// opens and who holds it.
pub fn role_table() -> String {
    let code = |names: Vec<&str>| {
        names
            .into_iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut table = String::from("| Role | Permissions | Why |\n|---|---|---|\n");
    for role in Role::ALL {
        let permissions = if role == Role::Owner {
            "every permission".to_string()
        } else {
            code(role.permissions().iter().map(|p| p.name()).collect())
        };
        table.push_str(&format!(
            "| `{}` | {permissions} | {} |\n",
            role.name(),
            role.duty()
        ));
    }
    table.push_str("\n| Permission | Opens | Held by |\n|---|---|---|\n");
    for permission in Permission::ALL {
        let holders = Role::ALL
            .into_iter()
            .filter(|r| r.may(permission))
            .map(Role::name)
            .collect();
        table.push_str(&format!(
            "| `{}` | {} | {} |\n",
            permission.name(),
            permission.opens(),
            code(holders)
        ));
    }
    table
}

/// A stall account must supply at least one stall; every other role supplies none.
pub fn check_stalls(role: Role, stall_ids: &[String]) -> Result<(), Violation> {
    match (role.is_stall_scoped(), stall_ids.is_empty()) {
        (true, true) => Err(Violation {
            key: "staff.stall_required",
            field: "stall_ids",
        }),
        (false, false) => Err(Violation {
            key: "staff.stalls_only_for_stall_role",
            field: "stall_ids",
        }),
        _ => Ok(()),
    }
}

/// A display name: 1 to 30 characters after trimming.
pub fn check_name(name: &str) -> Result<(), Violation> {
    let count = name.trim().chars().count();
    if count == 0 {
        return Err(Violation {
            key: "staff.name_required",
            field: "name",
        });
    }
    if count > 30 {
        return Err(Violation {
            key: "staff.name_too_long",
            field: "name",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owner_may_do_everything_and_only_the_owner_manages_staff() {
        for permission in Permission::ALL {
            assert!(Role::Owner.may(permission), "{permission:?}");
        }
        for role in Role::ALL.into_iter().filter(|r| *r != Role::Owner) {
            assert!(!role.may(Permission::StaffManage), "{role:?}");
            assert!(!role.may(Permission::AuditRead), "{role:?}");
        }
    }

    /// Buyers' names, phones and addresses (`orders.read`) reach only the roles that ship parcels;
    /// after-sales only the service desk; the catalogue only those who keep it or pick from it.
    #[test]
    fn each_role_reads_only_what_its_screens_need() {
        let holders = |p: Permission| -> Vec<Role> { Role::ALL.into_iter().filter(|r| r.may(p)).collect() };
        assert_eq!(holders(Permission::OrdersRead), [Role::Owner, Role::Warehouse]);
        assert_eq!(holders(Permission::AfterSalesRead), [Role::Owner, Role::Service]);
        assert_eq!(
            holders(Permission::CatalogueRead),
            [Role::Owner, Role::Catalogue, Role::Warehouse, Role::Stall]
        );
        assert_eq!(
            holders(Permission::FiguresRead),
            [Role::Owner, Role::Warehouse, Role::Finance]
        );
        // Whoever reads orders ships them, and so may open their labels (`orders.write`).
        for role in holders(Permission::OrdersRead) {
            assert!(role.may(Permission::OrdersWrite), "{role:?}");
        }
    }

    /// docs/api.md's role table is this code's: a role or permission changed here without the doc
    /// fails, printing the table to paste (or `JPMALL_WRITE_DOCS=1` writes it).
    #[test]
    fn the_role_table_of_docs_api_md_is_generated_from_the_code() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/api.md");
        let doc = std::fs::read_to_string(path).expect("docs/api.md");
        let begin = doc
            .find(ROLE_TABLE_BEGIN)
            .expect("the role table's begin marker in docs/api.md")
            + ROLE_TABLE_BEGIN.len();
        let end = begin
            + doc[begin..]
                .find(ROLE_TABLE_END)
                .expect("the role table's end marker in docs/api.md");
        let expected = format!("\n{}", role_table());
        if doc[begin..end] == expected {
            return;
        }
        if std::env::var_os("JPMALL_WRITE_DOCS").is_some() {
            let written = format!("{}{expected}{}", &doc[..begin], &doc[end..]);
            std::fs::write(path, written).expect("docs/api.md written");
            return;
        }
        panic!(
            "docs/api.md's role table differs from domain::staff. Between its markers it should read:\n{expected}\n\
             (JPMALL_WRITE_DOCS=1 cargo test -p domain writes it)"
        );
    }

    #[test]
    fn a_stall_account_reaches_the_catalogue_only() {
        let stall = Role::Stall.permissions();
        assert!(stall.iter().all(|p| matches!(
            p,
            Permission::CatalogueRead
                | Permission::CatalogueWrite
                | Permission::StockWrite
                | Permission::ImportsWrite
        )));
        assert!(Role::Stall.is_stall_scoped());
        assert!(!Role::Catalogue.is_stall_scoped());
    }

    #[test]
    fn roles_and_permissions_read_back_from_their_names() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.name()), Ok(role));
            assert_eq!(serde_json::to_value(role).unwrap(), role.name());
        }
        assert!(Role::parse("admin").is_err());
        for permission in Permission::ALL {
            assert_eq!(serde_json::to_value(permission).unwrap(), permission.name());
        }
    }

    #[test]
    fn only_a_stall_account_names_stalls() {
        assert!(check_stalls(Role::Stall, &[]).is_err());
        assert!(check_stalls(Role::Stall, &["s1".into()]).is_ok());
        assert!(check_stalls(Role::Catalogue, &["s1".into()]).is_err());
        assert!(check_stalls(Role::Finance, &[]).is_ok());
    }

    #[test]
    fn a_name_is_one_to_thirty_characters() {
        assert!(check_name("  ").is_err());
        assert!(check_name("王小明").is_ok());
        assert!(check_name(&"名".repeat(31)).is_err());
    }
}
