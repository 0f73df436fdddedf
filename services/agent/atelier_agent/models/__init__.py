"""Chat models agents choose from: YAML files in settings.model_config_dir (like Coze's conf/model)."""

from atelier_agent.models.registry import ModelConfig, ModelRegistry, load_models

__all__ = ["ModelConfig", "ModelRegistry", "load_models"]
