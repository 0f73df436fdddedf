"""Pure knowledge logic: no I/O, no framework imports."""
