//! Requests this server makes to others (Web Push's messages to the push services): hyper's
//! client over TLS (rustls on ring, the web's root certificates), HTTP/1.1, no redirects
//! followed (a push service answers where it is asked), a time limit on each request.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

/// The longest a request may take, connection included.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// A client for requests to other servers; cheap to clone (one connection pool).
#[derive(Clone)]
pub struct Outbound {
    client: Client<HttpsConnector<HttpConnector>, Body>,
}

impl Outbound {
    /// A new client with its own connection pool.
    pub fn new() -> Outbound {
        let mut http = HttpConnector::new();
        http.enforce_http(false);
        http.set_connect_timeout(Some(Duration::from_secs(5)));
        let https = HttpsConnectorBuilder::new()
            .with_webpki_roots()
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        Outbound {
            client: Client::builder(TokioExecutor::new()).build(https),
        }
    }

    /// Sends `request` and answers the status of the answer (its body is left unread).
    ///
    /// # Errors
    /// The other server could not be reached or did not answer in time.
    pub async fn send(&self, request: Request<Body>) -> Result<StatusCode, String> {
        match tokio::time::timeout(REQUEST_TIMEOUT, self.client.request(request)).await {
            Ok(Ok(response)) => Ok(response.status()),
            Ok(Err(error)) => Err(error.to_string()),
            Err(_) => Err(format!("no answer within {REQUEST_TIMEOUT:?}")),
        }
    }
}

impl Default for Outbound {
    fn default() -> Outbound {
        Outbound::new()
    }
}
