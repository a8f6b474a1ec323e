//! How a sender's worker takes an event from its outbox, written once for mail, webhook
//! deliveries and Web Push: a row waits `queued`, and a node claims it with one guarded update
//! (`… < now`), which every other node's update then finds taken. Each outbox names its
//! columns ([`Outbox`]).

use super::{Store, StoreResult};

/// Where one sender's events wait.
pub(super) struct Outbox {
    pub table: &'static str,
    /// The row's key, bound as `$1` to `$4`: two ids, the kind and the event.
    pub key_where: &'static str,
    /// `queued` while the event waits for this sender.
    pub state: &'static str,
    /// Until when a node holds its claim (0: nobody).
    pub claimed_until: &'static str,
    /// Which node claimed it, where the outbox keeps it (for the operator).
    pub claimed_by: Option<&'static str>,
    /// The attempts that failed.
    pub attempts: &'static str,
}

/// An outbox row's key: two ids, the kind and the event.
pub(super) type OutboxKey<'a> = (&'a str, &'a str, &'a str, i64);

impl Store {
    /// Claims the queued event `key` of `outbox` for this node until `until` if nobody holds it
    /// at `now` (both in the outbox's unit): the attempts that failed before, or none if another
    /// node holds it or it is no longer queued.
    pub(super) async fn claim_from(
        &self,
        outbox: &Outbox,
        key: OutboxKey<'_>,
        now: i64,
        until: i64,
    ) -> StoreResult<Option<u32>> {
        let Outbox {
            table,
            key_where,
            state,
            claimed_until,
            claimed_by,
            attempts,
        } = outbox;
        let by = claimed_by.map_or(String::new(), |column| format!(", {column} = $7"));
        let sql = format!(
            "UPDATE {table} SET {claimed_until} = $5{by} \
             WHERE {key_where} AND {state} = 'queued' AND {claimed_until} < $6 \
             RETURNING {attempts}"
        );
        let mut claim = sqlx::query_scalar(&sql)
            .bind(key.0)
            .bind(key.1)
            .bind(key.2)
            .bind(key.3)
            .bind(until)
            .bind(now);
        if claimed_by.is_some() {
            claim = claim.bind(self.node());
        }
        let failed: Option<i64> = claim.fetch_optional(&self.pool).await?;
        Ok(failed.map(|n| u32::try_from(n).unwrap_or(0)))
    }
}
