"""RPCs the gateway serves itself (IN_PROCESS_SERVICES): permission.thrift (tokens, workspaces,
the current user) and file.thrift (uploaded files).

A handler object has one method per RPC, taking the request message and the authenticated caller
and returning the response message; an IDL service may be split over several handler objects.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from google.protobuf import message_factory
from google.protobuf.message import Message

from atelier_common.errors import Unimplemented
from atelier_gateway.auth.authenticator import Principal

Handler = Callable[[Message, Principal], Awaitable[Message]]


def new_message(request: Message, type_name: str) -> Message:
    """A message of the request's own .proto file (the generated module or a test copy)."""
    desc = request.DESCRIPTOR.file.message_types_by_name[type_name]
    return message_factory.GetMessageClass(desc)()


class InProcess:
    def __init__(self, handlers: Mapping[str, Sequence[Any]]) -> None:
        self.handlers = handlers  # service (IDL file stem) -> handler objects

    def handler(self, service: str, rpc: str) -> Handler:
        for obj in self.handlers.get(service, ()):
            method = getattr(obj, rpc, None)
            if method is not None:
                return method
        raise Unimplemented(f"{rpc} is not implemented")  # an RPC added to the IDL but not served yet
