//! Input rules of spec section 5 for accounts. Each violation names a message-catalogue key and the
//! input field, so every layer reports the same words.

use crate::constants::{PASSWORD_MAX_LEN, PASSWORD_MIN_LEN};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Violation {
    pub key: &'static str,
    pub field: &'static str,
}

const fn violation(key: &'static str, field: &'static str) -> Violation {
    Violation { key, field }
}

/// Mainland mobile number: 11 digits, a 1 then a digit 3 to 9.
pub fn check_mobile(mobile: &str) -> Result<(), Violation> {
    let bytes = mobile.as_bytes();
    if mobile.is_empty() {
        return Err(violation("mobile.required", "mobile"));
    }
    let well_formed = bytes.len() == 11
        && bytes.iter().all(u8::is_ascii_digit)
        && bytes[0] == b'1'
        && (b'3'..=b'9').contains(&bytes[1]);
    if well_formed {
        Ok(())
    } else {
        Err(violation("mobile.invalid", "mobile"))
    }
}

/// 6-18 characters with at least one letter and one digit; printable ASCII, no spaces.
pub fn check_password(password: &str, field: &'static str) -> Result<(), Violation> {
    if password.is_empty() {
        return Err(violation("password.required", field));
    }
    let length_ok = (PASSWORD_MIN_LEN..=PASSWORD_MAX_LEN).contains(&password.chars().count());
    let charset_ok = password.chars().all(|c| c.is_ascii_graphic());
    let has_letter = password.chars().any(|c| c.is_ascii_alphabetic());
    let has_digit = password.chars().any(|c| c.is_ascii_digit());
    if length_ok && charset_ok && has_letter && has_digit {
        Ok(())
    } else {
        Err(violation("password.invalid", field))
    }
}

pub fn check_password_pair(password: &str, repassword: &str) -> Result<(), Violation> {
    check_password(password, "password")?;
    if repassword.is_empty() {
        return Err(violation("password.repeat_required", "repassword"));
    }
    if password != repassword {
        return Err(violation("password.mismatch", "repassword"));
    }
    Ok(())
}

pub fn check_sms_code(code: &str) -> Result<(), Violation> {
    if code.trim().is_empty() {
        Err(violation("code.required", "code"))
    } else {
        Ok(())
    }
}

pub fn check_agreement(agree: bool) -> Result<(), Violation> {
    if agree {
        Ok(())
    } else {
        Err(violation("agreement.required", "agree"))
    }
}

/// Masks the middle of a phone number for display: 138****8000.
pub fn mask_mobile(mobile: &str) -> String {
    if mobile.len() == 11 && mobile.is_ascii() {
        format!("{}****{}", &mobile[..3], &mobile[7..])
    } else {
        mobile.to_string()
    }
}

/// The fewest digits a staff search by phone takes: the last four are what a seller reads out.
pub const PHONE_SEARCH_MIN_DIGITS: usize = 4;

/// A staff member's search by phone: the digits typed (spaces and dashes dropped), four to eleven of
/// them, matched anywhere in the number; empty when nothing was typed.
pub fn phone_search(text: &str) -> Result<String, Violation> {
    let digits: String = text.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if digits.is_empty() {
        return Ok(digits);
    }
    if !digits.chars().all(|c| c.is_ascii_digit()) || !(PHONE_SEARCH_MIN_DIGITS..=11).contains(&digits.len())
    {
        return Err(violation("mobile.search_invalid", "mobile"));
    }
    Ok(digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_search_takes_four_to_eleven_digits() {
        assert_eq!(phone_search("").unwrap(), "");
        assert_eq!(phone_search(" 8000 ").unwrap(), "8000");
        assert_eq!(phone_search("138-0013-8000").unwrap(), "13800138000");
        for bad in ["800", "138001380001", "13a8", "8000\u{0}"] {
            assert_eq!(
                phone_search(bad).unwrap_err().key,
                "mobile.search_invalid",
                "{bad}"
            );
        }
    }

    #[test]
    fn mobile_rules() {
        assert_eq!(check_mobile("").unwrap_err().key, "mobile.required");
        for bad in [
            "12800138000",
            "1380013800",
            "138001380000",
            "1380013800a",
            "10800138000",
            "23800138000",
        ] {
            assert_eq!(check_mobile(bad).unwrap_err().key, "mobile.invalid", "{bad}");
        }
        for good in ["13800138000", "19912345678", "15000000000"] {
            assert!(check_mobile(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn password_rules() {
        assert_eq!(
            check_password("", "password").unwrap_err().key,
            "password.required"
        );
        for bad in [
            "abc12",
            "abcdefgh",
            "12345678",
            "abc 12345",
            "a1234567890123456789",
            "密码abc123",
        ] {
            assert_eq!(
                check_password(bad, "password").unwrap_err().key,
                "password.invalid",
                "{bad}"
            );
        }
        for good in ["abc123", "Passw0rd!", "a12345678901234567"] {
            assert!(check_password(good, "password").is_ok(), "{good}");
        }
    }

    #[test]
    fn password_pair_rules() {
        assert_eq!(
            check_password_pair("abc123", "").unwrap_err().key,
            "password.repeat_required"
        );
        let mismatch = check_password_pair("abc123", "abc124").unwrap_err();
        assert_eq!(
            (mismatch.key, mismatch.field),
            ("password.mismatch", "repassword")
        );
        assert!(check_password_pair("abc123", "abc123").is_ok());
    }

    #[test]
    fn code_and_agreement_rules() {
        assert_eq!(check_sms_code(" ").unwrap_err().key, "code.required");
        assert!(check_sms_code("123456").is_ok());
        assert_eq!(check_agreement(false).unwrap_err().key, "agreement.required");
    }

    #[test]
    fn masks_mobile() {
        assert_eq!(mask_mobile("13800138000"), "138****8000");
    }
}
