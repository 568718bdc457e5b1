"""Stage 3 of the compiler: checked parse trees become the Python source of one module per
game (and variant), which is compiled once and cached; see module.py for its shape."""
