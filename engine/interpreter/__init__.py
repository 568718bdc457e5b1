"""The interpreter: game state as plain data, the script VM, visibility and randomness."""
