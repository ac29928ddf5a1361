"""The engine protocol: JSON requests in, JSON responses out, one per line.

Any interface (the table app, a web page, a program in another language) can drive the engine
through it, as chess programs share engines. Each `ops_*.py` module in this package exports
`OPS`, a mapping from op name to a handler taking the request dict and returning the response
fields; the server adds `"ok": true`, or turns an exception into `{"ok": false, "error": ...}`.
The format is specified in docs/engine-protocol.md.
"""
