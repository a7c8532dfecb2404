"""Serving the app: the network address and QR codes, who may be the host,
the middleware under Flet (compression, reconnects, dropped sessions), the
live-sync hub, and the reads and writes every screen makes through the
companion's services."""
