"""Authentication: personal access tokens -> user + spaces."""
