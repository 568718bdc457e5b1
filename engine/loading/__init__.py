"""Loading rule files: YAML with positions, JSON Schema checks, variants, compilation."""
