"""Built-in plugins: in every space without registration, run in-process, never edited.

`catalog` says what they are (typed, declarative data: ids, names, descriptions, argument
schemas); one module per tool's logic, all pure: `http_request` (the request from the arguments,
the answer for the model), `web_reader` (the request, the page's main text), `calculator`,
`clock` (the current time, date arithmetic). Sending requests and reading the clock are the
runtime's (runtime/builtin_call.py)."""
