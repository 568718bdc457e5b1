"""Scripts into words: `Phrases` (expressions.py) reads any expression of the script
language as a noun phrase or a clause, `Steps` (statements.py) reads a procedure as
numbered steps; each form of the grammar and each built-in has its template in one of the
modules mixed into them.
"""
