"""Pure workflow logic: no I/O, no framework imports.

A workflow is a Coze Studio canvas. `canvas` reads it into typed models (`parse_canvas`);
`validation.validate_tree` lists what keeps it from running, node by node; `plan.compile_plan`
turns a valid canvas into the immutable plan an engine runs, and `progress.RunState` tells the
engine, completion by completion, which nodes are ready and which are skipped.

Supporting modules: `typeinfo` (types and Coze's conversion rules), `expressions` (what inputs
are bound to), `fields` (what a reference can read), `ports` (branch ports), `graph` (scopes,
order, cycles, ancestry), `policy` (settingOnError).
"""
