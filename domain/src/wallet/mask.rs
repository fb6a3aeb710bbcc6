//! How payout details appear in answers: enough for the owner to recognise them, too little for anyone
//! reading over a shoulder or a log to use them.

/// `张三` → `张*`, `欧阳娜娜` → `欧***`.
pub fn mask_payee(payee: &str) -> String {
    let mut chars = payee.trim().chars();
    match chars.next() {
        None => String::new(),
        Some(first) => {
            let hidden = chars.count().max(1);
            format!("{first}{}", "*".repeat(hidden))
        }
    }
}

/// Phone numbers keep their first 3 and last 4 digits, e-mail addresses the first letter and the domain,
/// anything else its first and last two characters.
pub fn mask_account(account: &str) -> String {
    let account = account.trim();
    let chars: Vec<char> = account.chars().collect();
    if let Some((name, domain)) = account.split_once('@') {
        let first = name.chars().next().map(String::from).unwrap_or_default();
        return format!("{first}***@{domain}");
    }
    if chars.len() == 11 && chars.iter().all(char::is_ascii_digit) {
        return format!("{}****{}", &account[..3], &account[7..]);
    }
    if chars.len() <= 4 {
        return "*".repeat(chars.len().max(1));
    }
    let head: String = chars[..2].iter().collect();
    let tail: String = chars[chars.len() - 2..].iter().collect();
    format!("{head}{}{tail}", "*".repeat(chars.len() - 4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payees_keep_only_their_first_character() {
        assert_eq!(mask_payee("张三"), "张*");
        assert_eq!(mask_payee("欧阳娜娜"), "欧***");
        assert_eq!(mask_payee("王"), "王*");
        assert_eq!(mask_payee(""), "");
    }

    #[test]
    fn accounts_hide_their_middle() {
        assert_eq!(mask_account("13800001111"), "138****1111");
        assert_eq!(mask_account("seller@example.com"), "s***@example.com");
        assert_eq!(mask_account("alipay_user_88"), "al**********88");
        assert_eq!(mask_account("abc"), "***");
        assert_eq!(mask_account("账户名称很长"), "账户**很长");
    }
}
