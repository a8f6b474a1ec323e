//! Rendering tests for the table.
