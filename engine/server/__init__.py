"""The web table (`regola serve`, extra `regola[web]`): a lobby, seats for people and bots,
the board in the browser, games kept in SQLite. Starlette on uvicorn; see the manual, "The web
table". Importing this package needs nothing beyond regola; its app module needs the extra."""
