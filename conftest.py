pytest_plugins = ["atelier_devstack.pytest_plugin"]
