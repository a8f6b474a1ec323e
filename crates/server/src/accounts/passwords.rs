//! Password hashing: argon2id on two threads of their own, behind a bounded queue that refuses
//! (429) rather than queues for ever, so that a flood of log-ins cannot exhaust memory or make a
//! real user's log-in wait without end.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, LazyLock, Mutex};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use tokio::sync::OnceCell;

use crate::http::error::{AppError, AppResult};

/// Work for the password threads.
type HashJob = Box<dyn FnOnce() + Send>;

/// Password hashes waiting or running at most; more are refused (429) instead of queued, so that
/// a flood of wrong passwords cannot make a real user's log-in wait for ever.
pub const MAX_HASHES_QUEUED: usize = 16;

/// Hashes queued or running now.
static HASHES_QUEUED: AtomicUsize = AtomicUsize::new(0);

/// Two long-lived threads do all password hashing. Each argon2id hash takes 19 MiB and a core
/// for tens of milliseconds: a burst of log-ins queues here (up to [`MAX_HASHES_QUEUED`])
/// instead of exhausting memory, and the same two threads reuse their memory instead of leaving
/// it behind in many.
static HASHERS: LazyLock<mpsc::Sender<HashJob>> = LazyLock::new(|| {
    let (sender, receiver) = mpsc::channel::<HashJob>();
    let receiver = Arc::new(Mutex::new(receiver));
    for i in 0..2 {
        let receiver = receiver.clone();
        std::thread::Builder::new()
            .name(format!("password-hash-{i}"))
            .spawn(move || loop {
                let job = receiver.lock().expect("hash queue").recv();
                match job {
                    Ok(job) => job(),
                    Err(_) => return,
                }
            })
            .expect("a password hashing thread");
    }
    sender
});

/// Releases a place in the hashing queue when the job is done (or dropped).
struct QueuePlace;

impl Drop for QueuePlace {
    fn drop(&mut self) {
        HASHES_QUEUED.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Runs `work` on a password thread, off the async runtime.
///
/// # Errors
/// 429 with `Retry-After` if [`MAX_HASHES_QUEUED`] hashes are already waiting.
async fn on_hasher<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> AppResult<T> {
    let queued = HASHES_QUEUED.fetch_add(1, Ordering::AcqRel);
    let place = QueuePlace;
    if queued >= MAX_HASHES_QUEUED {
        return Err(AppError::too_many("passwords-busy", 1));
    }
    let (done, answer) = tokio::sync::oneshot::channel();
    HASHERS
        .send(Box::new(move || {
            let _place = place;
            let _ = done.send(work());
        }))
        .map_err(AppError::internal)?;
    answer.await.map_err(AppError::internal)
}

/// Hashes a new password: argon2id with a fresh salt, in PHC form.
pub async fn hash_password(password: String) -> AppResult<String> {
    on_hasher(move || {
        let salt = SaltString::generate(&mut rand_core::OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
    })
    .await?
    .map_err(AppError::internal)
}

pub async fn verify_password(password: String, hash: String) -> AppResult<bool> {
    on_hasher(move || {
        let parsed = PasswordHash::new(&hash).map_err(|e| e.to_string())?;
        Ok::<_, String>(
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok(),
        )
    })
    .await?
    .map_err(AppError::internal)
}

/// Checks `password` against a hash no account has, for a log-in with an unknown name: the same
/// work as for a known name, so that the answer's timing does not tell which names exist.
///
/// # Errors
/// 429 if the hashing queue is full (as for a known name).
pub async fn verify_unknown(password: String) -> AppResult<()> {
    static NOBODY: OnceCell<String> = OnceCell::const_new();
    let hash = NOBODY
        .get_or_try_init(|| hash_password(crate::domain::tokens::random_token()))
        .await?
        .clone();
    verify_password(password, hash).await?;
    crate::live::metrics::unknown_name_checked();
    Ok(())
}
