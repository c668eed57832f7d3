"""The hall server: trio, one task per connection, one owner per table, SQLite persistence."""
