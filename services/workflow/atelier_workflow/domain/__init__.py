"""Pure workflow logic: no I/O, no framework imports."""
