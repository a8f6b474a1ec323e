//! The parts of `live` that are tested without a server.

/// `live::search_slots`.
mod search_slots {
    use helvetia_server::live::search_slots::*;
    use std::sync::Arc;

    /// One account with twenty games waiting, then another with one: the other's search gets
    /// the second slot that comes free, not the twenty-first.
    #[tokio::test]
    async fn a_flood_of_one_account_does_not_starve_another() {
        let slots = Arc::new(SearchSlots::new(1));
        let running = slots.acquire("flooder").await;
        let (done, mut order) = tokio::sync::mpsc::unbounded_channel();
        let mut tasks = Vec::new();
        for i in 0..20 {
            let (slots, done) = (slots.clone(), done.clone());
            tasks.push(tokio::spawn(async move {
                let _slot = slots.acquire("flooder").await;
                done.send(format!("flooder {i}")).unwrap();
            }));
            tokio::task::yield_now().await;
        }
        let (other_slots, other_done) = (slots.clone(), done.clone());
        tasks.push(tokio::spawn(async move {
            let _slot = other_slots.acquire("other").await;
            other_done.send("other".to_string()).unwrap();
        }));
        while slots.waiting() < 21 {
            tokio::task::yield_now().await;
        }
        drop(running);
        for task in tasks {
            task.await.unwrap();
        }
        let mut served = Vec::new();
        while let Ok(name) = order.try_recv() {
            served.push(name);
        }
        assert_eq!(served.len(), 21);
        let other_at = served.iter().position(|name| name == "other").unwrap();
        assert!(other_at <= 1, "served {other_at}th: {served:?}");
        assert_eq!(slots.waiting(), 0);
    }

    #[tokio::test]
    async fn a_free_slot_is_taken_at_once_and_comes_back() {
        let slots = SearchSlots::new(2);
        let a = slots.acquire("a").await;
        let b = slots.acquire("b").await;
        drop(a);
        let _c = slots.acquire("c").await;
        drop(b);
        let _d = slots.acquire("d").await;
        assert_eq!(slots.waiting(), 0);
    }
}
