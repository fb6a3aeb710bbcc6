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
    #[serde(rename = "ledgers.read")]
    LedgersRead,
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
    pub const ALL: [Permission; 17] = [
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
        Permission::LedgersRead,
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
            LedgersRead => "ledgers.read",
            CouponsRead => "coupons.read",
            CouponsWrite => "coupons.write",
            NoticesWrite => "notices.write",
            AuditRead => "audit.read",
            OutboxRead => "outbox.read",
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

    pub fn permissions(self) -> &'static [Permission] {
        use Permission::*;
        match self {
            Role::Owner => &Permission::ALL,
            Role::Catalogue => &[
                CatalogueRead,
                CatalogueWrite,
                StockWrite,
                ImportsWrite,
                OrdersRead,
            ],
            Role::Warehouse => &[OrdersRead, OrdersWrite, CatalogueRead, StockWrite, AfterSalesRead],
            Role::Service => &[AfterSalesRead, AfterSalesWrite, OrdersRead],
            Role::Finance => &[
                WithdrawalsRead,
                WithdrawalsWrite,
                LedgersRead,
                OrdersRead,
                AfterSalesRead,
            ],
            Role::Marketing => &[CouponsRead, CouponsWrite, NoticesWrite, CatalogueRead],
            Role::Stall => &[CatalogueRead, CatalogueWrite, StockWrite, ImportsWrite],
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
