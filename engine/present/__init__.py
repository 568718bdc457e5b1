"""What a person sees of a game, for every surface (terminal, web table, rulebook
examples): names and labels, log lines, the story of a game, the score table. Plain text
and data only: each surface draws it in its own way."""
