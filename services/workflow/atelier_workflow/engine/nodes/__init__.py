"""Node executors, one module per node family; each exposes `EXECUTORS: {NodeType: executor}`
(see engine/registry.py for the contract)."""
