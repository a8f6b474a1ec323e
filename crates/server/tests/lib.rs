//! The server's integration tests (`it/`), in a package of their own so that their code, a
//! client of the server, builds without optimisation while the server it drives is built with
//! it (the workspace's `Cargo.toml` says why). The tests need nothing from this library.
