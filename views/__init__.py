"""The Flet UI and the `xyscore` command: the app's composition root."""
