//! The parts of `storage` that are tested without a server.

/// `storage::claim`.
mod claim {
    use helvetia_server::storage::claim::*;

    /// The parameters a statement uses, by number (`$` and digits).
    fn parameters(sql: &str) -> std::collections::BTreeSet<usize> {
        sql.split('$')
            .skip(1)
            .filter_map(|rest| {
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().ok()
            })
            .collect()
    }

    /// Each statement uses every parameter from `$1` to its last, and the append's follow the
    /// claim's: PostgreSQL refuses a statement with a parameter it cannot type, and the values
    /// are bound in that order.
    #[test]
    fn each_statement_numbers_its_parameters_without_a_gap() {
        for claim in Claim::ALL {
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

/// `storage::group_writes`.
mod group_writes {
    use helvetia_server::storage::claim::Claim;
    use helvetia_server::storage::group_writes::*;

    /// A group's statement has room for every row, padded to a power of two (at least two),
    /// with anonymous parameters only (bound in order), a row's worth per row.
    #[test]
    fn a_statement_has_a_row_of_parameters_for_each_row_padded_to_a_power_of_two() {
        for (rows, padded) in [(2, 2), (3, 4), (12, 16), (100, 128), (MOST_ROWS, MOST_ROWS)] {
            for claim in Claim::ALL {
                let sql = claims_statement(claim, rows);
                let width = claim_fields(claim).len();
                assert_eq!(sql.matches('?').count(), padded * width, "{claim:?}: {sql}");
                assert!(!sql.contains('$'), "{sql}");
            }
            let sql = appends_statement(rows);
            assert_eq!(sql.matches('?').count(), padded * 4, "{sql}");
            // A padding row (all NULL) inserts nothing.
            assert!(sql.ends_with("WHERE column1 IS NOT NULL"), "{sql}");
        }
    }

    /// A group's claims set each column from the value of that name, and the values of a row
    /// come in the order one claim binds them: the next version, the columns, the row and the
    /// version its writer saw. A column set from another's value would be silently wrong.
    #[test]
    fn a_group_claim_sets_each_of_its_columns_from_the_field_of_that_name() {
        for claim in Claim::ALL {
            let fields = claim_fields(claim);
            let columns: Vec<&str> = claim.columns().iter().map(|c| c.name()).collect();
            let expected: Vec<&str> = std::iter::once("next")
                .chain(columns.iter().copied())
                .chain(["id", "seen"])
                .collect();
            assert_eq!(fields, expected, "{claim:?}");
            let sql = claims_statement(claim, 2);
            for (n, field) in fields.iter().enumerate() {
                let named = format!("column{} AS {field}", n + 1);
                assert!(sql.contains(&named), "{claim:?}: no {named} in {sql}");
            }
            for column in columns {
                let set = format!("{column} = claims.{column}");
                assert!(sql.contains(&set), "{claim:?}: no {set} in {sql}");
            }
            assert!(sql.contains("version = claims.next"), "{sql}");
            assert!(sql.contains("games.version = claims.seen"), "{sql}");
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
        // A migration may add a part that only one database can read
        // (`0022_export_order.postgres.sql` beside `0022_export_order.sql`).
        let mut numbered: Vec<i64> = files
            .iter()
            .map(|name| name[..4].parse().expect("a numbered file"))
            .collect();
        numbered.dedup();
        for postgres in [false, true] {
            let listed: Vec<i64> = migrator(postgres)
                .migrations
                .iter()
                .map(|m| m.version)
                .collect();
            assert_eq!(listed, numbered, "{files:?}");
        }
        assert_eq!(numbered, (1..=numbered.len() as i64).collect::<Vec<_>>());
        for part in files.iter().filter(|name| name.matches('.').count() == 2) {
            let postgres = part.ends_with(".postgres.sql");
            assert!(postgres || part.ends_with(".sqlite.sql"), "{part}");
            let text = std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../migrations")
                    .join(part),
            )
            .unwrap();
            let version: i64 = part[..4].parse().unwrap();
            let applied = migrator(postgres)
                .migrations
                .iter()
                .find(|m| m.version == version)
                .map(|m| m.sql.to_string())
                .unwrap();
            assert!(applied.contains(&text), "{part} is applied to its database");
        }
    }
}
