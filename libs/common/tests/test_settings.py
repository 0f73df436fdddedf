from pathlib import Path

from atelier_common.settings import Settings, with_settings_table

REPO = Path(__file__).resolve().parents[3]


def test_readme_documents_every_setting() -> None:
    readme = (REPO / "README.md").read_text()
    assert with_settings_table(readme) == readme, "README settings table is stale: python -m atelier_common.settings --readme README.md"


def test_env_prefix_and_service_addresses(monkeypatch) -> None:
    monkeypatch.setenv("ATELIER_KNOWLEDGE_ADDR", "10.0.0.7:6000")
    monkeypatch.setenv("ATELIER_DB_POOL_MAX", "3")
    settings = Settings()
    assert settings.service_addr("knowledge") == "10.0.0.7:6000"
    assert settings.listen_port("knowledge") == 6000
    assert settings.db_pool_max == 3
