"""Query strings as SDKs send them: cozepy sends every optional parameter, unset ones empty."""

from __future__ import annotations

import pytest

from atelier_common.errors import InvalidArgument
from atelier_gateway.transcoding import request_message
from atelier_proto import conversation_pb2 as cpb
from atelier_proto import knowledge_pb2 as kpb


def test_empty_query_parameters_are_absent() -> None:
    msg = request_message(cpb.ChatV3Request, body={"bot_id": "7", "user_id": "u"}, path={},
                          query={"conversation_id": [""]})
    assert not msg.HasField("conversation_id")
    listed = request_message(kpb.ListDatasetOpenApiRequest, body=None, path={},
                             query={"space_id": ["9"], "name": [""], "format_type": [""], "page_num": ["2"]})
    assert listed.space_id == 9 and listed.page_num == 2
    assert not listed.HasField("name") and not listed.HasField("format_type")
    photos = request_message(kpb.ListPhotoOpenApiRequest, body=None, path={"dataset_id": "5"},
                             query={"keyword": [""], "has_caption": [""]})
    assert not photos.HasField("keyword") and not photos.HasField("has_caption")


def test_empty_required_query_parameter_is_missing() -> None:
    with pytest.raises(InvalidArgument, match="missing required field: space_id"):
        request_message(kpb.ListDatasetOpenApiRequest, body=None, path={}, query={"space_id": [""]})


def test_repeated_query_parameter_drops_empty_values() -> None:
    with pytest.raises(InvalidArgument, match="format_type"):  # two values for a scalar: still an error
        request_message(kpb.ListDatasetOpenApiRequest, body=None, path={},
                        query={"space_id": ["1"], "format_type": ["0", "1"]})
    msg = request_message(kpb.ListDatasetOpenApiRequest, body=None, path={},
                          query={"space_id": ["1"], "format_type": ["", "1"]})
    assert msg.format_type == 1
