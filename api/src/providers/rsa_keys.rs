//! The RSA keys the payment gateways sign with: PEM (PKCS#8 or PKCS#1), or the bare base64 body that
//! Alipay's key tool and console hand out.

use anyhow::Context;
use base64::Engine as _;
use rsa::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey};
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::signature::{SignatureEncoding, Signer, Verifier};
use rsa::{RsaPrivateKey, RsaPublicKey};
use sha2::Sha256;

fn der(text: &str) -> Option<Vec<u8>> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    base64::engine::general_purpose::STANDARD.decode(compact).ok()
}

pub fn private_key(text: &str) -> anyhow::Result<RsaPrivateKey> {
    let text = text.trim();
    if text.starts_with("-----BEGIN RSA PRIVATE KEY") {
        return RsaPrivateKey::from_pkcs1_pem(text).context("not an RSA private key (PKCS#1 PEM)");
    }
    if text.starts_with("-----BEGIN") {
        return RsaPrivateKey::from_pkcs8_pem(text).context("not an RSA private key (PKCS#8 PEM)");
    }
    let der = der(text).context("neither PEM nor base64")?;
    RsaPrivateKey::from_pkcs8_der(&der)
        .or_else(|_| RsaPrivateKey::from_pkcs1_der(&der))
        .context("not an RSA private key")
}

pub fn public_key(text: &str) -> anyhow::Result<RsaPublicKey> {
    let text = text.trim();
    if text.starts_with("-----BEGIN RSA PUBLIC KEY") {
        return RsaPublicKey::from_pkcs1_pem(text).context("not an RSA public key (PKCS#1 PEM)");
    }
    if text.starts_with("-----BEGIN") {
        return RsaPublicKey::from_public_key_pem(text).context("not an RSA public key (SPKI PEM)");
    }
    let der = der(text).context("neither PEM nor base64")?;
    RsaPublicKey::from_public_key_der(&der)
        .or_else(|_| RsaPublicKey::from_pkcs1_der(&der))
        .context("not an RSA public key")
}

/// Reads a key setting that is either the key itself or the path of a file holding it.
pub fn read_setting(value: &str) -> anyhow::Result<String> {
    let value = value.trim();
    if value.starts_with("-----BEGIN") || value.len() > 200 {
        return Ok(value.to_string());
    }
    std::fs::read_to_string(value).with_context(|| format!("cannot read the key file {value}"))
}

/// Base64 of SHA256withRSA (PKCS#1 v1.5), what Alipay calls RSA2 and WeChat Pay v3 signs with.
pub fn sign(key: &RsaPrivateKey, message: &[u8]) -> String {
    let signature = SigningKey::<Sha256>::new(key.clone()).sign(message);
    base64::engine::general_purpose::STANDARD.encode(signature.to_bytes())
}

pub fn verify(key: &RsaPublicKey, message: &[u8], signature_b64: &str) -> bool {
    let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(signature_b64.trim()) else {
        return false;
    };
    let Ok(signature) = Signature::try_from(bytes.as_slice()) else {
        return false;
    };
    VerifyingKey::<Sha256>::new(key.clone())
        .verify(message, &signature)
        .is_ok()
}
