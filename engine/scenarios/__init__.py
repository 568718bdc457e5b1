"""Rule scenarios: small YAML files that set a position, act, and expect facts.

`regola.scenarios.runner.main(paths)` runs them (the `regola scenario run` command);
`regola.scenarios.pytest_plugin` lets pytest collect them under rules/<game>/scenarios/.
"""
