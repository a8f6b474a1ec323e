// Helvetia Online browser script.
