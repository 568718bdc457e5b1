"""Stage 2 of the compiler: every check that runs on the parse trees before any code is
generated. names.py declares what a game's scripts may name; calls.py, expressions.py and
statements.py check every name, call, arity, message id and statement of every definition;
typecheck.py (with the type_*.py modules) then infers and checks the types."""
