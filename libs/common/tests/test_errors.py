"""AtelierError <-> gRPC status mapping, without a server (the round trip over a real server is in
test_grpc_server.py)."""

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2

from atelier_common import errors
from atelier_common.errors import (
    ERROR_CLASSES,
    AtelierError,
    Conflict,
    Internal,
    NotFound,
    PayloadTooLarge,
    TooManyRequests,
    Unprocessable,
    from_rpc_error,
    http_status_for,
    rpc_errors,
    to_grpc_status,
)

EXPECTED = {
    "InvalidArgument": (400, grpc.StatusCode.INVALID_ARGUMENT),
    "Unauthenticated": (401, grpc.StatusCode.UNAUTHENTICATED),
    "PermissionDenied": (403, grpc.StatusCode.PERMISSION_DENIED),
    "NotFound": (404, grpc.StatusCode.NOT_FOUND),
    "Conflict": (409, grpc.StatusCode.ALREADY_EXISTS),
    "PayloadTooLarge": (413, grpc.StatusCode.RESOURCE_EXHAUSTED),
    "Unprocessable": (422, grpc.StatusCode.FAILED_PRECONDITION),
    "TooManyRequests": (429, grpc.StatusCode.RESOURCE_EXHAUSTED),
    "Cancelled": (499, grpc.StatusCode.CANCELLED),
    "Internal": (500, grpc.StatusCode.INTERNAL),
    "Unimplemented": (501, grpc.StatusCode.UNIMPLEMENTED),
    "Unavailable": (503, grpc.StatusCode.UNAVAILABLE),
    "DeadlineExceeded": (504, grpc.StatusCode.DEADLINE_EXCEEDED),
}


def rpc_error(status: grpc.Status | None = None, *, code=None, details="", trailing=()) -> grpc.aio.AioRpcError:
    """The exception a grpc.aio client raises for a failed call."""
    if status is not None:
        code, details, trailing = status.code, status.details, status.trailing_metadata
    return grpc.aio.AioRpcError(code, grpc.aio.Metadata(), grpc.aio.Metadata(*trailing), details)


def test_every_class_has_its_documented_statuses() -> None:
    assert {cls.__name__: (cls.http_status, cls.grpc_status) for cls in ERROR_CLASSES} == EXPECTED
    for cls in ERROR_CLASSES:
        assert getattr(errors, cls.__name__) is cls and issubclass(cls, AtelierError)


def test_code_defaults_to_http_status_and_can_be_overridden() -> None:
    err = NotFound("dataset 7 not found")
    assert (err.code, err.msg, str(err)) == (404, "dataset 7 not found", "dataset 7 not found")
    assert err.to_dict() == {"code": 404, "msg": "dataset 7 not found"}
    assert NotFound("x", code=404001).code == 404001
    assert AtelierError("boom").http_status == 500


def test_to_grpc_status_carries_error_info() -> None:
    status = to_grpc_status(PayloadTooLarge("file is 30 MB, limit 20 MB"))
    assert status.code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert status.details == "file is 30 MB, limit 20 MB"
    ((key, raw),) = status.trailing_metadata
    assert key == "grpc-status-details-bin"
    proto = status_pb2.Status.FromString(raw)
    info = error_details_pb2.ErrorInfo()
    assert proto.details[0].Unpack(info)
    assert (info.reason, info.domain) == ("ATELIER", "atelier")
    assert dict(info.metadata) == {"code": "413", "http_status": "413"}


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda c: c.__name__)
def test_from_rpc_error_restores_class_code_and_msg(cls: type[AtelierError]) -> None:
    back = from_rpc_error(rpc_error(to_grpc_status(cls("the message", code=cls.http_status * 1000 + 7))))
    assert type(back) is cls
    assert (back.code, back.msg) == (cls.http_status * 1000 + 7, "the message")


def test_same_grpc_code_different_http_status_is_told_apart_by_details() -> None:
    assert type(from_rpc_error(rpc_error(to_grpc_status(PayloadTooLarge("big"))))) is PayloadTooLarge
    assert type(from_rpc_error(rpc_error(to_grpc_status(TooManyRequests("slow down"))))) is TooManyRequests


def test_extra_metadata_round_trips() -> None:
    back = from_rpc_error(rpc_error(to_grpc_status(Internal("internal error", metadata={"trace_id": "ab" * 16}))))
    assert back.metadata == {"trace_id": "ab" * 16}


@pytest.mark.parametrize(
    ("code", "http", "cls"),
    [
        (grpc.StatusCode.INVALID_ARGUMENT, 400, "InvalidArgument"),
        (grpc.StatusCode.OUT_OF_RANGE, 400, "InvalidArgument"),
        (grpc.StatusCode.FAILED_PRECONDITION, 400, "InvalidArgument"),
        (grpc.StatusCode.UNAUTHENTICATED, 401, "Unauthenticated"),
        (grpc.StatusCode.PERMISSION_DENIED, 403, "PermissionDenied"),
        (grpc.StatusCode.NOT_FOUND, 404, "NotFound"),
        (grpc.StatusCode.ALREADY_EXISTS, 409, "Conflict"),
        (grpc.StatusCode.ABORTED, 409, "Conflict"),
        (grpc.StatusCode.RESOURCE_EXHAUSTED, 429, "TooManyRequests"),
        (grpc.StatusCode.CANCELLED, 499, "Cancelled"),
        (grpc.StatusCode.UNIMPLEMENTED, 501, "Unimplemented"),
        (grpc.StatusCode.UNAVAILABLE, 503, "Unavailable"),
        (grpc.StatusCode.DEADLINE_EXCEEDED, 504, "DeadlineExceeded"),
        (grpc.StatusCode.INTERNAL, 500, "Internal"),
        (grpc.StatusCode.UNKNOWN, 500, "Internal"),
        (grpc.StatusCode.DATA_LOSS, 500, "Internal"),
    ],
)
def test_bare_status_maps_by_grpc_code(code: grpc.StatusCode, http: int, cls: str) -> None:
    assert http_status_for(code) == http
    err = from_rpc_error(rpc_error(code=code, details="raw detail"))
    assert (type(err).__name__, err.code) == (cls, http)


def test_bare_server_failures_do_not_leak_detail_text() -> None:
    leaky = 'Exception calling application: Traceback (most recent call last): File "/srv/app.py"'
    for code in (grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL, grpc.StatusCode.UNAVAILABLE):
        err = from_rpc_error(rpc_error(code=code, details=leaky))
        assert "Traceback" not in err.msg and "/srv" not in err.msg
    # Client errors keep their text: it explains what to fix.
    assert from_rpc_error(rpc_error(code=grpc.StatusCode.NOT_FOUND, details="no such dataset")).msg == "no such dataset"


def test_foreign_details_are_ignored() -> None:
    foreign = status_pb2.Status(code=grpc.StatusCode.ABORTED.value[0], message="retry")
    info = error_details_pb2.ErrorInfo(reason="X", domain="example.com", metadata={"http_status": "418"})
    foreign.details.add().Pack(info)
    err = from_rpc_error(
        rpc_error(
            code=grpc.StatusCode.ABORTED,
            details="retry",
            trailing=[("grpc-status-details-bin", foreign.SerializeToString())],
        )
    )
    assert type(err) is Conflict and err.code == 409


def test_unprocessable_is_failed_precondition_but_keeps_422() -> None:
    back = from_rpc_error(rpc_error(to_grpc_status(Unprocessable("document still indexing"))))
    assert type(back) is Unprocessable and back.http_status == 422
    assert type(from_rpc_error(rpc_error(to_grpc_status(NotFound())))) is NotFound


def test_rpc_errors_reraises_as_atelier_error() -> None:
    failed = rpc_error(to_grpc_status(NotFound("dataset 7 not found", code=404001)))
    with pytest.raises(NotFound) as info, rpc_errors():
        raise failed
    assert (info.value.code, info.value.msg) == (404001, "dataset 7 not found")
    assert info.value.__cause__ is failed
