"""Pure plugin logic: no I/O, no framework imports."""
