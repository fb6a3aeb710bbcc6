//! Adapters to the services a production jpmall depends on: SMS providers behind
//! `commands::sms::SmsProvider` and payment gateways behind `commands::payments::PaymentGateway`.
//! Each speaks its provider's documented wire format; the signing functions are tested against the
//! providers' published examples, and the requests against local servers that check that format.

pub mod alipay;
pub mod aliyun_sms;
pub mod gateways;
#[cfg(test)]
mod published;
pub mod rsa_keys;
pub mod sms;
pub mod tencent_sms;
pub mod utc;
pub mod wechat_pay;
