use std::sync::Arc;

use commands::db::Cqrs;
use commands::sms::SmsProvider;
use commands::Database;
use domain::wallet::Wallet;

use crate::config::Config;
use crate::keys::PasswordKey;

#[derive(Clone)]
pub struct AppState {
    pub db: Database,
    pub config: Arc<Config>,
    pub password_key: Arc<PasswordKey>,
    pub operator_token: Arc<String>,
    /// False in production mode, where no SMS outbox exists.
    pub outbox_enabled: bool,
    pub sms: Arc<dyn SmsProvider>,
    pub wallet: Arc<Cqrs<Wallet>>,
    pub same_style: Arc<projections::catalog::SameStyleIndex>,
}
