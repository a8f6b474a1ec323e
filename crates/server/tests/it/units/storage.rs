//! The parts of `storage` that are tested without a server.

/// `storage::claim`.
mod claim {
    use helvetia_server::storage::claim::*;

    /// The parameters a statement uses, by number.
    fn parameters(sql: &str) -> std::collections::BTreeSet<usize> {
        sql.split('$')
            .skip(1)
            .map(|rest| {
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().expect("a numbered parameter")
            })
            .collect()
    }

    /// Each statement uses every parameter from `$1` to its last, and the append's follow the
    /// claim's: PostgreSQL refuses a statement with a parameter it cannot type, and the values
    /// are bound in that order.
    #[test]
    fn each_statement_numbers_its_parameters_without_a_gap() {
        for claim in [Claim::Step, Claim::ClockedStep, Claim::Finish] {
            let claim_only = claim.columns().len() + 3;
            for (sql, count) in [
                (claim.sql(), claim_only),
                (claim.with_append_sql(false), claim_only + 3),
                (claim.with_append_sql(true), claim_only + 3),
            ] {
                assert_eq!(parameters(sql), (1..=count).collect(), "{claim:?}: {sql}");
            }
        }
    }
}

/// `storage` (the migrations).
mod migrations {
    use helvetia_server::storage::*;

    /// A migration file that is not in the list would never run.
    #[test]
    fn every_migration_file_is_applied_in_order() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("the migrations directory")
            .map(|entry| entry.expect("an entry").file_name().into_string().unwrap())
            .filter(|name| name.ends_with(".sql"))
            .collect();
        files.sort();
        let listed: Vec<i64> = migrator().migrations.iter().map(|m| m.version).collect();
        let numbered: Vec<i64> = files
            .iter()
            .map(|name| name[..4].parse().expect("a numbered file"))
            .collect();
        assert_eq!(listed, numbered, "{files:?}");
        assert_eq!(numbered, (1..=files.len() as i64).collect::<Vec<_>>());
    }
}
