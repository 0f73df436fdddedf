"""Pure conversation logic: no I/O, no framework imports."""
