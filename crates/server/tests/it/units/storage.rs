//! The parts of `storage` that are tested without a server.

/// `storage::claim`.
mod claim {
    use helvetia_server::storage::claim::*;

    /// The parameters a statement uses, by number (`$` and digits: `'$.id'` is a JSON path).
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
    /// are bound in that order. The claims of a group (SQLite) read everything from `$1`.
    #[test]
    fn each_statement_numbers_its_parameters_without_a_gap() {
        for claim in Claim::ALL {
            let claim_only = claim.columns().len() + 3;
            for (sql, count) in [
                (claim.sql(), claim_only),
                (claim.with_append_sql(false), claim_only + 3),
                (claim.with_append_sql(true), claim_only + 3),
                (claim.many_sql(), 1),
            ] {
                assert_eq!(parameters(sql), (1..=count).collect(), "{claim:?}: {sql}");
            }
        }
        assert_eq!(
            parameters(APPEND_MANY_SQLITE),
            [1].into(),
            "{APPEND_MANY_SQLITE}"
        );
    }

    /// A group's claims read each column they set from their array (and nothing else): a
    /// column set from a field the rows do not have would be set to NULL.
    #[test]
    fn a_group_claim_sets_each_of_its_columns_from_the_field_of_that_name() {
        let summary = helvetia_server::storage::RowSummary {
            status: helvetia_server::domain::seats::GameStatus::Running,
            to_move: None,
            winners: Vec::new(),
            clock: None,
            forced_step: false,
        };
        let row = serde_json::to_value(ClaimRow::of("g", 4, &summary)).unwrap();
        for claim in Claim::ALL {
            let sql = claim.many_sql();
            for column in claim.columns() {
                let field = column.name();
                assert!(row.get(field).is_some(), "no field {field} in {row}");
                assert!(
                    sql.contains(&format!("{field} = claims.{field}"))
                        && sql.contains(&format!("json_extract(value, '$.{field}') AS {field}")),
                    "{claim:?} sets {field}: {sql}"
                );
            }
        }
        assert_eq!(row["seen"], 4);
        assert_eq!(row["next"], 5);
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
