"""The effect-script language: Lark grammar, parser with located errors, and compiler."""
