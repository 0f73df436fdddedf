"""What runs inside the sandbox's child process: the standard library, pyseccomp and py_landlock only."""
