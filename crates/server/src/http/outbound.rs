//! Posting to another server (a webhook's delivery, a Web Push message to a push service),
//! with hyper over a connection this module makes itself: the host's name
//! is resolved here, every address it gives is checked against the address rule
//! ([`is_public`], unless the operator allows private ones), and the connection goes to the
//! address that passed, so a name that resolves differently a moment later (DNS rebinding)
//! cannot send the request elsewhere. No proxy is used and no redirect followed (a 3xx answer
//! is a failure); TLS is checked against the Mozilla roots (webpki-roots).

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::header::{HeaderName, HeaderValue, CONTENT_TYPE, HOST, USER_AGENT};
use hyper_util::rt::TokioIo;
use rustls::pki_types::ServerName;
use rustls::{ClientConfig, RootCertStore};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

use crate::domain::webhook_address::{is_public, HookHost, HookUrl};

/// The most a request may take, from resolving the name to the answer's status line.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// One request: its body and the headers besides `Host`, `Content-Type` and `User-Agent`.
#[derive(Clone, Debug)]
pub struct Post {
    /// The body, exactly as signed.
    pub body: Vec<u8>,
    /// Its content type.
    pub content_type: &'static str,
    /// The other headers.
    pub headers: Vec<(&'static str, String)>,
}

/// Posts `post` to `url`: `Ok` for a 2xx answer.
///
/// # Errors
/// Why it failed, in words for the settings page: the address refused, the connection, TLS, a
/// time-out, or the answer's status.
pub async fn send(url: &HookUrl, post: Post, allow_private: bool) -> Result<(), String> {
    match post_for_status(url, post, allow_private).await? {
        200..=299 => Ok(()),
        status @ 300..=399 => Err(format!("HTTP {status} (redirects are not followed)")),
        status => Err(format!("HTTP {status}")),
    }
}

/// Posts `post` to `url` and answers the answer's status, whatever it is (a push service's
/// 404 and 410 mean something).
///
/// # Errors
/// Why no answer came: the address refused, the connection, TLS or a time-out.
pub async fn post_for_status(
    url: &HookUrl,
    post: Post,
    allow_private: bool,
) -> Result<u16, String> {
    tokio::time::timeout(TIMEOUT, attempt(url, post, allow_private))
        .await
        .map_err(|_| format!("no answer within {} s", TIMEOUT.as_secs()))?
}

async fn attempt(url: &HookUrl, post: Post, allow_private: bool) -> Result<u16, String> {
    let address = checked_address(url, allow_private)
        .await
        .map_err(|refused| refused.to_string())?;
    let tcp = TcpStream::connect(address)
        .await
        .map_err(|error| format!("cannot connect to {address}: {error}"))?;
    let request = request(url, post)?;
    if url.https {
        let name = match &url.host {
            HookHost::Name(name) => ServerName::try_from(name.clone())
                .map_err(|error| format!("TLS name {name}: {error}"))?,
            HookHost::Ip(ip) => ServerName::IpAddress((*ip).into()),
        };
        let tls = TlsConnector::from(client_config())
            .connect(name, tcp)
            .await
            .map_err(|error| format!("TLS: {error}"))?;
        exchange(tls, request).await
    } else {
        exchange(tcp, request).await
    }
}

/// Why no address of a hook may be connected to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddressRefused {
    /// The name does not resolve (or to nothing).
    Unresolved(String),
    /// It resolves only to addresses the rule refuses: the first of them.
    NotPublic(IpAddr),
}

impl std::fmt::Display for AddressRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AddressRefused::Unresolved(why) => f.write_str(why),
            AddressRefused::NotPublic(ip) => write!(f, "{ip} is not a public address"),
        }
    }
}

/// The address to connect to for `url`: its own, or the first its name resolves to that the
/// rule allows.
///
/// # Errors
/// The name does not resolve, or to no address the rule allows.
pub async fn checked_address(
    url: &HookUrl,
    allow_private: bool,
) -> Result<SocketAddr, AddressRefused> {
    let candidates: Vec<IpAddr> = match &url.host {
        HookHost::Ip(ip) => vec![*ip],
        HookHost::Name(name) => tokio::net::lookup_host((name.as_str(), url.port))
            .await
            .map_err(|error| AddressRefused::Unresolved(format!("cannot resolve {name}: {error}")))?
            .map(|address| address.ip())
            .collect(),
    };
    match candidates
        .iter()
        .find(|ip| allow_private || is_public(**ip))
    {
        Some(ip) => Ok(SocketAddr::new(*ip, url.port)),
        None => Err(match candidates.first() {
            Some(ip) => AddressRefused::NotPublic(*ip),
            None => AddressRefused::Unresolved("the name resolves to no address".into()),
        }),
    }
}

fn request(url: &HookUrl, post: Post) -> Result<hyper::Request<Full<Bytes>>, String> {
    let mut request = hyper::Request::post(url.target.as_str())
        .header(HOST, url.host_text.as_str())
        .header(CONTENT_TYPE, post.content_type)
        .header(USER_AGENT, "Helvetia-Webhooks/1");
    for (name, value) in post.headers {
        // A header that cannot be written (a link with odd characters) is left out.
        if let (Ok(name), Ok(value)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(&value),
        ) {
            request = request.header(name, value);
        }
    }
    request
        .body(Full::from(post.body))
        .map_err(|error| format!("request: {error}"))
}

/// Sends `request` over `io` (HTTP/1.1, the connection closed after it) and answers the
/// status; the answer's body is not read.
async fn exchange<IO>(io: IO, request: hyper::Request<Full<Bytes>>) -> Result<u16, String>
where
    IO: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(io))
        .await
        .map_err(|error| format!("HTTP: {error}"))?;
    let connection = tokio::spawn(connection);
    let answer = sender.send_request(request).await;
    connection.abort();
    answer
        .map(|response| response.status().as_u16())
        .map_err(|error| format!("HTTP: {error}"))
}

/// TLS with the Mozilla roots and the ring provider, made once.
fn client_config() -> Arc<ClientConfig> {
    static CONFIG: OnceLock<Arc<ClientConfig>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let roots = RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            };
            let provider = Arc::new(rustls::crypto::ring::default_provider());
            let config = ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .expect("ring supports the default TLS versions")
                .with_root_certificates(roots)
                .with_no_client_auth();
            Arc::new(config)
        })
        .clone()
}
