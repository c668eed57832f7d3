"""The terminal client: a Textual app that draws what the server says and sends what the player picks."""
