"""Gettext catalogs of regola (English source, Spanish, Dutch), shipped in the package."""
