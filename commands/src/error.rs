/// Why a command was refused: a catalogue key the HTTP layer localises, the input field it is about
/// (when there is one) and values to put into the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub key: &'static str,
    pub field: Option<&'static str>,
    pub params: Vec<(&'static str, String)>,
    /// Texts the message quotes in their own words, in any language (a platform's column names):
    /// the answer lists them so that a page can mark them as not to be translated.
    pub quoted: Vec<String>,
}

impl Refusal {
    pub fn new(key: &'static str) -> Self {
        Self {
            key,
            field: None,
            params: Vec::new(),
            quoted: Vec::new(),
        }
    }

    pub fn on(mut self, field: &'static str) -> Self {
        self.field = Some(field);
        self
    }

    pub fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.params.push((name, value.to_string()));
        self
    }

    /// Marks texts the message quotes in their own words (see `quoted`).
    pub fn quoting(mut self, texts: impl IntoIterator<Item = impl ToString>) -> Self {
        self.quoted.extend(texts.into_iter().map(|t| t.to_string()));
        self
    }
}

impl From<domain::accounts::Violation> for Refusal {
    fn from(v: domain::accounts::Violation) -> Self {
        Refusal::new(v.key).on(v.field)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input or a rule of the business: nothing changed.
    #[error("refused: {}", .0.key)]
    Invalid(Refusal),
    /// Too many attempts in a window (SMS cooldown, login failures).
    #[error("too many attempts: {}", .0.key)]
    TooMany(Refusal),
    #[error("not found: {}", .0.key)]
    NotFound(Refusal),
    /// A provider jpmall depends on (SMS, payment gateway) failed; nothing was taken.
    #[error("unavailable: {}", .0.key)]
    Unavailable(Refusal),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl Error {
    pub fn invalid(key: &'static str) -> Self {
        Error::Invalid(Refusal::new(key))
    }
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Self {
        Error::Invalid(r)
    }
}

impl From<domain::accounts::Violation> for Error {
    fn from(v: domain::accounts::Violation) -> Self {
        Error::Invalid(v.into())
    }
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        Error::Internal(e.into())
    }
}

pub type Result<T> = std::result::Result<T, Error>;
