//! Every action the audit trail records, kept in `audit_actions.json` beside this file: the console
//! names each one in both languages (its vitest reads the same file), so an action recorded without
//! a name there would show its raw key. The tests here fail when a recorded action is missing from
//! the list: the commands of every aggregate the command queues record (`<aggregate>.<command>`),
//! and every action written out in the source of `commands` and `api`.

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    use cqrs_es::Aggregate;
    use serde::de::DeserializeOwned;

    use crate::command_queue::snake_case;

    fn listed() -> BTreeSet<String> {
        serde_json::from_str(include_str!("audit_actions.json"))
            .expect("audit_actions.json is a list of strings")
    }

    /// The variant names of an externally tagged enum, as serde refuses an unknown one with them.
    fn variants<T: DeserializeOwned>() -> Vec<String> {
        let Err(refusal) = serde_json::from_str::<T>(r#"{"~": null}"#) else {
            panic!("an unknown variant was taken");
        };
        let refusal = refusal.to_string();
        let (_, expected) = refusal
            .split_once("expected")
            .unwrap_or_else(|| panic!("not a list of variants: {refusal}"));
        expected
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    /// What `CommandQueue::record` writes for each command of `A`.
    fn command_actions<A: Aggregate>() -> Vec<String>
    where
        A::Command: DeserializeOwned,
    {
        let names = variants::<A::Command>();
        assert!(!names.is_empty(), "{} has no commands", A::TYPE);
        names
            .iter()
            .map(|name| format!("{}.{}", A::TYPE, snake_case(name)))
            .collect()
    }

    #[test]
    fn the_list_is_sorted_without_repeats() {
        let list: Vec<String> = serde_json::from_str(include_str!("audit_actions.json")).unwrap();
        let sorted: Vec<String> = listed().into_iter().collect();
        assert_eq!(list, sorted, "keep audit_actions.json sorted, each action once");
    }

    #[test]
    fn every_command_of_a_queued_aggregate_is_listed() {
        let recorded = [
            command_actions::<domain::order::Order>(),
            command_actions::<domain::after_sale::AfterSale>(),
            command_actions::<domain::wallet::Wallet>(),
            command_actions::<domain::wave::Wave>(),
            command_actions::<domain::coupon::Coupon>(),
            command_actions::<domain::listing::record::Listing>(),
        ]
        .concat();
        assert!(recorded.contains(&"order.record_after_sale_refund".to_string()));
        let listed = listed();
        let missing: Vec<&String> = recorded.iter().filter(|a| !listed.contains(*a)).collect();
        assert!(
            missing.is_empty(),
            "add to commands/src/audit_actions.json and name in both catalogues: {missing:?}"
        );
    }

    fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, into);
            } else if path.extension().is_some_and(|e| e == "rs") {
                into.push(path);
            }
        }
    }

    /// The `"object.action"` literals in `text`.
    fn keys(text: &str) -> Vec<String> {
        text.split('"')
            .skip(1)
            .step_by(2)
            .filter(|s| {
                let mut parts = s.split('.');
                let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
                    return false;
                };
                [a, b]
                    .iter()
                    .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_lowercase() || c == b'_'))
            })
            .map(str::to_string)
            .collect()
    }

    /// The text from `start` up to the first `stop` outside braces and parentheses.
    fn span<'a>(text: &'a str, start: usize, stop: &[char]) -> &'a str {
        let mut depth = 0i32;
        for (i, c) in text[start..].char_indices() {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' if depth == 0 => return &text[start..start + i],
                '}' | ')' => depth -= 1,
                c if depth == 0 && stop.contains(&c) => return &text[start..start + i],
                _ => {}
            }
        }
        &text[start..]
    }

    /// Actions written out where an audit line is made: `action: …` of an `Action`, `let action = …`,
    /// and the first argument of the `record(tx, "…", …)` helpers.
    fn written_actions(source: &str) -> Vec<String> {
        let mut found = Vec::new();
        for (marker, stop) in [("action: ", &[','][..]), ("let action = ", &[';'][..])] {
            for (at, _) in source.match_indices(marker) {
                found.extend(keys(span(source, at + marker.len(), stop)));
            }
        }
        for marker in ["record(&mut tx, \"", "record(tx, \""] {
            for (at, _) in source.match_indices(marker) {
                found.extend(keys(span(source, at + marker.len() - 1, &[','])));
            }
        }
        found
    }

    #[test]
    fn the_scan_finds_each_way_of_writing_an_action() {
        let source = r#"
            Action { action: "sku.stock", object_type: "product" };
            Action { action: if on_shelf { "product.shelve" } else { "product.unshelve" }, object_id: id };
            let action = if disabled { "staff.disable" } else { "staff.enable" };
            record(&mut tx, "notice.publish", &id, json!({"a.b": 1})).await?;
            Refusal::new("staff.last_owner");
        "#;
        assert_eq!(
            written_actions(source),
            [
                "sku.stock",
                "product.shelve",
                "product.unshelve",
                "staff.disable",
                "staff.enable",
                "notice.publish"
            ]
        );
    }

    #[test]
    fn every_action_written_in_the_source_is_listed() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        for crate_dir in ["commands/src", "api/src"] {
            rust_files(&root.join(crate_dir), &mut files);
        }
        let listed = listed();
        let mut written = BTreeSet::new();
        for file in &files {
            if file.ends_with("audit_actions.rs") {
                continue;
            }
            let source = std::fs::read_to_string(file).unwrap();
            for action in written_actions(&source) {
                written.insert((action, file.display().to_string()));
            }
        }
        assert!(
            written.iter().any(|(a, _)| a == "staff.add"),
            "the scan found nothing: {written:?}"
        );
        let missing: Vec<_> = written.iter().filter(|(a, _)| !listed.contains(a)).collect();
        assert!(
            missing.is_empty(),
            "add to commands/src/audit_actions.json and name in both catalogues: {missing:?}"
        );
    }
}
