//! Every state-changing request (any method but GET, HEAD and OPTIONS) is handled in a task of
//! its own from the moment hyper hands it over to its answer, and counted as in flight: a
//! client that hangs up can neither stop a change between its commit and its publication nor
//! drop a request the server received whole.
//!
//! hyper drops a request's answer when its client goes away, even before polling it once: a
//! client that sends its request and closes the socket at once (a closed tab, a lost phone)
//! used to have the request carried out or not, by chance. Started here, when hyper hands the
//! request over and before anything polls it, such a request is always carried out, or
//! refused, in full.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;

use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::Router;
use futures_util::future::Either;
use hyper::body::Incoming;
use tower::ServiceExt;

use super::error::AppError;
use crate::live::error::LiveError;
use crate::live::write_path::{spawn_counted, InFlight};

/// Whether a request with this method may change state: anything but GET, HEAD and OPTIONS.
/// The one definition: CSRF protection (`accounts/csrf.rs`) asks it too.
pub fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The answer to `request` from `router`. A request that changes state is started at once, in
/// a task of its own counted as in flight ([`spawn_counted`]), which hyper's dropping of the
/// answer does not stop; any other runs as hyper polls it.
pub fn answer(
    router: Router,
    in_flight: &Arc<InFlight>,
    request: hyper::Request<Incoming>,
) -> impl Future<Output = Result<Response, Infallible>> + Send {
    if !changes_state(request.method()) {
        return Either::Left(router.oneshot(request));
    }
    let started = spawn_counted(in_flight, router.oneshot(request));
    Either::Right(async move {
        Ok(match started.await {
            Ok(Ok(response)) => response,
            Err(failed) => AppError::from(LiveError::Panicked(failed.to_string())).into_response(),
        })
    })
}
