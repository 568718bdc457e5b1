"""Rule scenarios (rules/<game>/scenarios/*.scenario.yaml) are collected as tests."""

pytest_plugins = ["regola.scenarios.pytest_plugin"]
