"""The built-in games of regola (rule data, shipped inside the package)."""
