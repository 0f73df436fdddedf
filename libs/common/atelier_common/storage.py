"""Object storage: a local directory by default, S3 (or MinIO via endpoint URL) through boto3.

`url()` is an address a browser can open: a presigned URL for S3, a signed, expiring gateway URL
for local storage (atelier_common.signed_urls; the gateway serves it).
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path
from typing import Protocol

from atelier_common.settings import Settings
from atelier_common.signed_urls import SigningKeyMissing, UrlSigner


class ObjectNotFound(KeyError):
    pass


class InvalidKey(ValueError):
    pass


def validate_key(key: str) -> str:
    """Keys are relative POSIX paths without '..', so no backend can be steered outside its root."""
    # A key passing these checks is already in its normal form (what PurePosixPath would make of it),
    # so it is returned as is: signing every retrieved slice's URL checks one each time.
    if not key or key.startswith("/") or "\\" in key or any(part in ("", ".", "..") for part in key.split("/")):
        raise InvalidKey(f"invalid object key {key!r}")
    return key


class ObjectStorage(Protocol):
    async def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> None: ...
    async def get(self, key: str) -> bytes: ...
    async def delete(self, key: str) -> None: ...
    async def exists(self, key: str) -> bool: ...
    async def size(self, key: str) -> int: ...
    async def url(self, key: str, expires_s: int = 3600) -> str: ...


class LocalStorage:
    def __init__(self, root: Path, signer: UrlSigner | None = None) -> None:
        self.root = Path(root).resolve()
        self.signer = signer  # None: no URLs (ATELIER_URL_SIGNING_KEY unset)

    def _path(self, key: str) -> Path:
        return self.root / validate_key(key)

    async def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> None:
        await asyncio.to_thread(self._put, self._path(key), data)

    @staticmethod
    def _put(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename: readers never see a half-written object.
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    async def get(self, key: str) -> bytes:
        path = self._path(key)
        try:
            return await asyncio.to_thread(path.read_bytes)
        except FileNotFoundError:
            raise ObjectNotFound(key) from None

    async def delete(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)

    async def exists(self, key: str) -> bool:
        return self._path(key).is_file()

    async def size(self, key: str) -> int:
        try:
            return self._path(key).stat().st_size
        except FileNotFoundError:
            raise ObjectNotFound(key) from None

    async def url(self, key: str, expires_s: int = 3600) -> str:
        """A signed gateway URL valid for expires_s seconds."""
        if self.signer is None:
            raise SigningKeyMissing()
        return self.signer.url(validate_key(key), expires_s)


class S3Storage:
    def __init__(self, bucket: str, *, endpoint_url: str = "", region: str = "", access_key: str = "", secret_key: str = "") -> None:
        import boto3

        self.bucket = bucket
        self._client = boto3.client(
            "s3",
            endpoint_url=endpoint_url or None,
            region_name=region or None,
            aws_access_key_id=access_key or None,
            aws_secret_access_key=secret_key or None,
        )

    async def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> None:
        await asyncio.to_thread(
            self._client.put_object, Bucket=self.bucket, Key=validate_key(key), Body=data, ContentType=content_type
        )

    async def get(self, key: str) -> bytes:
        try:
            reply = await asyncio.to_thread(self._client.get_object, Bucket=self.bucket, Key=validate_key(key))
        except self._client.exceptions.NoSuchKey:
            raise ObjectNotFound(key) from None
        return await asyncio.to_thread(reply["Body"].read)

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self._client.delete_object, Bucket=self.bucket, Key=validate_key(key))

    async def _head(self, key: str) -> dict | None:
        from botocore.exceptions import ClientError

        try:
            return await asyncio.to_thread(self._client.head_object, Bucket=self.bucket, Key=validate_key(key))
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("404", "NoSuchKey", "NotFound"):
                return None
            raise

    async def exists(self, key: str) -> bool:
        return await self._head(key) is not None

    async def size(self, key: str) -> int:
        head = await self._head(key)
        if head is None:
            raise ObjectNotFound(key)
        return int(head["ContentLength"])

    async def url(self, key: str, expires_s: int = 3600) -> str:
        """A presigned GET URL valid for expires_s seconds."""
        return await asyncio.to_thread(
            self._client.generate_presigned_url,
            "get_object",
            Params={"Bucket": self.bucket, "Key": validate_key(key)},
            ExpiresIn=expires_s,
        )


def create_storage(settings: Settings) -> ObjectStorage:
    if settings.storage_backend == "s3":
        return S3Storage(
            settings.s3_bucket,
            endpoint_url=settings.s3_endpoint_url,
            region=settings.s3_region,
            access_key=settings.s3_access_key,
            secret_key=settings.s3_secret_key,
        )
    if settings.storage_backend == "local":
        signer = UrlSigner(settings.url_signing_key, settings.public_base_url()) if settings.url_signing_key else None
        return LocalStorage(settings.storage_dir, signer)
    raise ValueError(f"unknown ATELIER_STORAGE_BACKEND {settings.storage_backend!r} (local | s3)")
