"""Playing on a cyberdeck server from outside it: ``bot`` plays a bot account through the bot
API (``cyberdeck bot``), with nothing but HTTP."""
