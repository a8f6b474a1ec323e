//! Chat beside the table: lines, quick phrases, mutes and their limits.

pub mod lines;
