"""Words: gettext catalogs (Babel) for everything a player or a rulebook reader sees."""
