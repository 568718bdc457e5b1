"""The language of a game's written texts: templates whose placeholders name the data
(templates.py, template.lark), filled by a formatter that allows no attribute, index or width
access (safe_format.py), and the texts of a game's text file. Below both the loader, which
refuses an unsafe text, and the catalogs, which translate them."""
