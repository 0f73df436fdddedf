"""deploy/k8s and deploy/compose stay valid: every Kubernetes object validates against the
Kubernetes schema (base and the rendered local overlay), and the compose file is coherent."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import jsonpatch
import kubernetes_validate
import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "deploy" / "k8s"
COMPOSE = REPO / "deploy" / "compose"
KUBERNETES_VERSION = "1.33.0"
SERVICES = ("gateway", "agent", "conversation", "knowledge", "indexer", "workflow", "workflow-worker", "plugin")


def _load_all(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc]


def _key(obj: dict[str, Any]) -> tuple[str, str]:
    return obj["kind"], obj["metadata"]["name"]


def _merge(base: Any, patch: Any) -> Any:
    """Strategic-merge subset: maps merge recursively, lists of named maps merge by name."""
    if isinstance(base, dict) and isinstance(patch, dict):
        out = dict(base)
        for key, value in patch.items():
            out[key] = _merge(base[key], value) if key in base else value
        return out
    if isinstance(base, list) and isinstance(patch, list) and all(isinstance(x, dict) and "name" in x for x in base + patch):
        named = {item["name"]: item for item in base}
        for item in patch:
            named[item["name"]] = _merge(named[item["name"]], item) if item["name"] in named else item
        return list(named.values())
    return patch


def render(directory: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """Build a kustomization the way `kustomize build` does for the features these files use."""
    kustomization = yaml.safe_load((directory / "kustomization.yaml").read_text())
    objects: dict[tuple[str, str], dict[str, Any]] = {}
    for resource in kustomization.get("resources", []):
        path = (directory / resource).resolve()
        assert path.exists(), f"{directory}/kustomization.yaml lists missing resource {resource}"
        rendered = render(path) if path.is_dir() else {_key(o): o for o in _load_all(path)}
        for key, obj in rendered.items():
            assert key not in objects, f"{key} defined twice"
            objects[key] = copy.deepcopy(obj)
    for patch in kustomization.get("patches", []):
        body = yaml.safe_load((directory / patch["path"]).read_text())
        if isinstance(body, list):  # JSON 6902, applied to every object matching the target
            targets = [k for k in objects if k[0] == patch["target"]["kind"]]
            assert targets, f"patch {patch['path']} matches no object"
            for key in targets:
                objects[key] = jsonpatch.apply_patch(objects[key], body)
        else:
            key = _key(body)
            assert key in objects, f"patch {patch['path']} targets missing {key}"
            objects[key] = _merge(objects[key], body)
    namespace = kustomization.get("namespace")
    for (kind, _), obj in objects.items():
        if namespace and kind != "Namespace":
            obj["metadata"]["namespace"] = namespace
    for image in kustomization.get("images", []):
        for obj in objects.values():
            for container in obj.get("spec", {}).get("template", {}).get("spec", {}).get("containers", []):
                if container["image"].split(":")[0] == image["name"]:
                    container["image"] = f"{image.get('newName', image['name'])}:{image.get('newTag', 'latest')}"
    return objects


@pytest.mark.parametrize("target", ["base", "overlays/local"])
def test_kustomizations_render_to_valid_kubernetes_objects(target: str) -> None:
    objects = render(K8S / target)
    for obj in objects.values():
        kubernetes_validate.validate(obj, KUBERNETES_VERSION, strict=True)
    kinds = {kind for kind, _ in objects}
    assert {"Deployment", "Service", "ConfigMap", "Secret", "Job", "HorizontalPodAutoscaler"} <= kinds
    deployments = {name for kind, name in objects if kind == "Deployment"}
    assert deployments == set(SERVICES)
    for name in deployments:
        container = objects["Deployment", name]["spec"]["template"]["spec"]["containers"][0]
        assert container.get("readinessProbe") and container.get("livenessProbe"), name
        assert container["resources"].get("requests") and container["resources"].get("limits"), name
        assert ("Service", name) in objects
    assert {name for kind, name in objects if kind == "HorizontalPodAutoscaler"} == {"agent", "indexer"}


def test_local_overlay_applies_its_patches() -> None:
    objects = render(K8S / "overlays" / "local")
    assert all(objects["Deployment", name]["spec"]["replicas"] == 1 for name in SERVICES)
    assert objects["Service", "gateway"]["spec"]["type"] == "NodePort"
    assert objects["Deployment", "agent"]["spec"]["template"]["spec"]["containers"][0]["image"] == "atelier:dev"


def test_an_invalid_object_is_rejected() -> None:
    """The validator really checks: a Deployment with a string replica count must fail."""
    broken = copy.deepcopy(render(K8S / "base")["Deployment", "agent"])
    broken["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


def test_compose_file_is_coherent() -> None:
    compose = yaml.safe_load((COMPOSE / "compose.yaml").read_text())
    services: dict[str, Any] = compose["services"]
    assert set(SERVICES) <= set(services)
    assert {"postgres", "redis", "kafka", "milvus", "elasticsearch", "minio", "init"} <= set(services)
    published: list[str] = []
    for name, service in services.items():
        assert "image" in service or "build" in service, name
        for dependency in service.get("depends_on", {}):
            assert dependency in services, f"{name} depends on unknown {dependency}"
        for env_file in service.get("env_file", []):
            assert (COMPOSE / env_file).exists(), f"{name}: missing {env_file}"
        long_running = service.get("restart") != "no"
        assert not long_running or "healthcheck" in service, f"{name} has no healthcheck"
        published += [port.split(":")[0] for port in service.get("ports", [])]
    assert len(published) == len(set(published)), "host ports must be unique"
    env = dict(line.split("=", 1) for line in (COMPOSE / "atelier.env").read_text().splitlines() if "=" in line and not line.startswith("#"))
    for name in SERVICES[1:]:
        variable = f"ATELIER_{name.upper().replace('-', '_')}_ADDR"
        host = env[variable].split(":")[0]
        assert host in services, f"{variable} points at unknown service {host}"


def test_every_configured_variable_is_a_real_setting() -> None:
    from atelier_common.settings import Settings

    known = {f"ATELIER_{name.upper()}" for name in Settings.model_fields}
    # Model files name the variable holding their key (api_key_env): those are real settings too.
    models = Path(__file__).resolve().parents[2] / "config" / "models"
    known |= {yaml.safe_load(p.read_text())["api_key_env"] for p in models.glob("*.yaml")}
    config = {k: v for k, v in render(K8S / "base").items()
              if k[0] in ("ConfigMap", "Secret") and v["metadata"]["name"] != "atelier-models"}
    keys = {key for obj in config.values() for key in {**obj.get("data", {}), **obj.get("stringData", {})}}
    keys |= {line.split("=", 1)[0] for line in (COMPOSE / "atelier.env").read_text().splitlines() if "=" in line and not line.startswith("#")}
    assert keys <= known, f"unknown settings: {sorted(keys - known)}"
