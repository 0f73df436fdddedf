"""The operator's settings (ATELIER_CODE_*) as the sandbox's Limits and SandboxPolicy."""

from __future__ import annotations

from dataclasses import replace

from atelier_common.settings import Settings
from atelier_workflow.sandbox.model import MIB, Layer, Limits, SandboxPolicy


def optional_layers(value: str) -> frozenset[Layer]:
    """Parse a comma-separated list of layer names; an unknown name is an error naming the valid ones."""
    names = [name.strip() for name in value.split(",") if name.strip()]
    unknown = [name for name in names if name not in {layer.value for layer in Layer}]
    if unknown:
        valid = ", ".join(layer.value for layer in Layer)
        raise ValueError(f"ATELIER_CODE_SANDBOX_OPTIONAL_LAYERS names unknown layers {unknown}; valid: {valid}")
    return frozenset(Layer(name) for name in names)


def policy_from_settings(settings: Settings) -> SandboxPolicy:
    return SandboxPolicy(optional=optional_layers(settings.code_sandbox_optional_layers))


def limits_from_settings(settings: Settings, base: Limits | None = None) -> Limits:
    return replace(
        base or Limits(),
        wall_time_s=settings.code_timeout_s,
        cpu_time_s=settings.code_cpu_time_s,
        memory_bytes=settings.code_memory_mb * MIB,
        max_output_bytes=settings.code_max_output_bytes,
    )
