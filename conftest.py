pytest_plugins = ["atelier_devstack.pytest_plugin", "atelier_devstack.stack_fixtures"]
