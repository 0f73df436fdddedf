"""gRPC plumbing shared by every service: server bootstrap, interceptors, client channels."""

from atelier_common.grpc.client import channel, close_channels, new_channel
from atelier_common.grpc.server import GrpcServer, start_server

__all__ = ["GrpcServer", "channel", "close_channels", "new_channel", "start_server"]
