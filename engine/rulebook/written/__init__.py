"""The written rulebook: prose by people, in the game's data, that the data keeps honest.

- rules.py: the rules a book must explain (procedures, asks, end conditions, readings),
  which of them a player notices, and their fingerprints;
- book_file.py: the book file (rulebook.yaml) read and checked: its sections, what each
  explains, its texts, examples and reference sheets;
- honesty.py: every text's placeholders name the data, and no number is written by hand
  where the data holds it (the English and every translation);
- reviewed.py: the fingerprint each section had when it was last reviewed.
"""
