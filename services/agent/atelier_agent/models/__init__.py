"""Chat models agents choose from: YAML files in settings.model_config_dir (like Coze's conf/model).
The registry itself is shared with the workflow service's LLM nodes (atelier_common.ai.models)."""

from atelier_common.ai.models import ModelConfig, ModelRegistry, load_models

__all__ = ["ModelConfig", "ModelRegistry", "load_models"]
