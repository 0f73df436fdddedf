"""Atelier IDL compiler: idl/*.thrift (Coze-style annotations) -> proto3, gRPC stubs, routes.json, openapi.json."""

from .compiler import build, check, generate
from .errors import CompileError, CompileErrors
from .model import Model, load

__all__ = ["CompileError", "CompileErrors", "Model", "build", "check", "generate", "load"]
