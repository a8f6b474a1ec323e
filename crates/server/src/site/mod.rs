//! The site's pages and static files.

pub mod pages;
pub mod settings;
