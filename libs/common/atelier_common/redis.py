"""Redis client factory (redis.asyncio)."""

from __future__ import annotations

from redis.asyncio import Redis


def create_redis(url: str) -> Redis:
    return Redis.from_url(url, decode_responses=False, health_check_interval=30)
