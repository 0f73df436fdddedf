"""Pure agent logic: no I/O, no framework imports."""
