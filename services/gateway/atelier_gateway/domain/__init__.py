"""Pure gateway logic: no I/O, no framework imports."""
