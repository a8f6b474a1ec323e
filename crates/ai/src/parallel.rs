//! Indexed work spread over scoped threads: tournaments, puzzle mining and puzzle checks run
//! one independent job per index, and each thread takes the next index until none is left.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Runs `work` for every index below `count` on `threads` threads (at least one) and answers
/// its results in index order. After the first error the threads take no new index (those
/// running finish their job) and that error is answered. A panic in `work` is raised here once
/// every thread has stopped.
///
/// # Errors
/// The first error `work` answered.
///
/// # Examples
///
/// ```
/// let squares = helvetia_ai::parallel::in_index_order(5, 2, |i| Ok::<_, ()>(i * i));
/// assert_eq!(squares, Ok(vec![0, 1, 4, 9, 16]));
/// let failed = helvetia_ai::parallel::in_index_order(5, 2, |i| if i == 3 { Err(i) } else { Ok(i) });
/// assert_eq!(failed, Err(3));
/// ```
pub fn in_index_order<T, E>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> Result<T, E> + Sync,
) -> Result<Vec<T>, E>
where
    T: Send,
    E: Send,
{
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let done: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(count));
    let failure: Mutex<Option<E>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= count || stop.load(Ordering::Relaxed) {
                    return;
                }
                match work(index) {
                    Ok(result) => done.lock().expect("no job panicked").push((index, result)),
                    Err(error) => {
                        stop.store(true, Ordering::Relaxed);
                        failure
                            .lock()
                            .expect("no job panicked")
                            .get_or_insert(error);
                        return;
                    }
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().expect("no job panicked") {
        return Err(error);
    }
    let mut done = done.into_inner().expect("no job panicked");
    done.sort_unstable_by_key(|(index, _)| *index);
    Ok(done.into_iter().map(|(_, result)| result).collect())
}
