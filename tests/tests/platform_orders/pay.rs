//! Issue 45 item 9: several orders paid from the wallet in one confirmation, one debit per order,
//! all or none.
