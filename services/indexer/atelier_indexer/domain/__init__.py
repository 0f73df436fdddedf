"""Pure indexing logic: no I/O, no framework imports."""
