//! Numbers as the table's SVG writes them: every coordinate and length of every piece goes
//! through here, so it is written fast and the same everywhere.

/// A coordinate or length in the SVG. Nearly all are whole or halves, which this writes with
/// integer formatting; others fall back to `f32`'s own (shortest) form, so the text is always
/// what `f32` would give, only much faster to produce.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f32);

impl Num {
    /// Appends the number to `out`: integer digits by hand where it is whole or a half.
    fn write_to(self, out: &mut String) {
        use std::fmt::Write;
        let value = self.0;
        let twice = value * 2.0;
        let simple = twice == twice.trunc() && value.abs() < 1.0e6;
        if !simple || (value == 0.0 && value.is_sign_negative()) {
            let _ = write!(out, "{value}");
            return;
        }
        if value < 0.0 {
            out.push('-');
        }
        let magnitude = value.abs();
        // Exact: the magnitude is below 10^6.
        let mut whole = magnitude.trunc() as u32;
        let mut digits = [0u8; 10];
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (whole % 10) as u8;
            whole /= 10;
            if whole == 0 {
                break;
            }
        }
        out.push_str(std::str::from_utf8(&digits[start..]).expect("ASCII digits"));
        if magnitude != magnitude.trunc() {
            out.push_str(".5");
        }
    }
}

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::new();
        self.write_to(&mut text);
        f.write_str(&text)
    }
}

impl maud::Render for Num {
    fn render_to(&self, buffer: &mut String) {
        // Numbers need no escaping.
        self.write_to(buffer);
    }
}

#[cfg(test)]
mod tests {
    use super::Num;

    #[test]
    fn numbers_are_written_as_f32_writes_them() {
        let mut values = vec![
            0.0f32, -0.0, 0.5, -0.5, 1.0, -1.0, 12.5, -12.5, 999_999.5, 1.0e6,
        ];
        values.extend([0.1, 0.3, 1.0 / 3.0, 33.300003, 1.0e7, 2.5e-3, f32::MAX]);
        values.extend((-400..400).map(|n| n as f32 * 0.25));
        for value in values {
            assert_eq!(Num(value).to_string(), value.to_string(), "{value:?}");
        }
    }
}
