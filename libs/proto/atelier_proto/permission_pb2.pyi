# DO NOT EDIT — generated from idl/permission.thrift by atelier_idlc.
from atelier_proto import annotations_pb2 as _annotations_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PersonalAccessToken(_message.Message):
    __slots__ = ("id", "name", "created_at", "updated_at", "last_used_at", "expire_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    LAST_USED_AT_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_AT_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    created_at: int
    updated_at: int
    last_used_at: int
    expire_at: int
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., created_at: _Optional[int] = ..., updated_at: _Optional[int] = ..., last_used_at: _Optional[int] = ..., expire_at: _Optional[int] = ...) -> None: ...

class PersonalAccessTokenWithCreatorInfo(_message.Message):
    __slots__ = ("id", "name", "created_at", "updated_at", "last_used_at", "expire_at", "creator_name", "creator_id", "locked")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    LAST_USED_AT_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_AT_FIELD_NUMBER: _ClassVar[int]
    CREATOR_NAME_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    LOCKED_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    created_at: int
    updated_at: int
    last_used_at: int
    expire_at: int
    creator_name: str
    creator_id: int
    locked: bool
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., created_at: _Optional[int] = ..., updated_at: _Optional[int] = ..., last_used_at: _Optional[int] = ..., expire_at: _Optional[int] = ..., creator_name: _Optional[str] = ..., creator_id: _Optional[int] = ..., locked: _Optional[bool] = ...) -> None: ...

class CreatePersonalAccessTokenAndPermissionRequest(_message.Message):
    __slots__ = ("name", "expire_at", "duration_day", "space_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_AT_FIELD_NUMBER: _ClassVar[int]
    DURATION_DAY_FIELD_NUMBER: _ClassVar[int]
    SPACE_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    expire_at: int
    duration_day: str
    space_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, name: _Optional[str] = ..., expire_at: _Optional[int] = ..., duration_day: _Optional[str] = ..., space_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class CreatePersonalAccessTokenAndPermissionResponseData(_message.Message):
    __slots__ = ("personal_access_token", "token")
    PERSONAL_ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    personal_access_token: PersonalAccessToken
    token: str
    def __init__(self, personal_access_token: _Optional[_Union[PersonalAccessToken, _Mapping]] = ..., token: _Optional[str] = ...) -> None: ...

class CreatePersonalAccessTokenAndPermissionResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: CreatePersonalAccessTokenAndPermissionResponseData
    def __init__(self, data: _Optional[_Union[CreatePersonalAccessTokenAndPermissionResponseData, _Mapping]] = ...) -> None: ...

class ListPersonalAccessTokensRequest(_message.Message):
    __slots__ = ("page", "size")
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    page: int
    size: int
    def __init__(self, page: _Optional[int] = ..., size: _Optional[int] = ...) -> None: ...

class ListPersonalAccessTokensResponseData(_message.Message):
    __slots__ = ("personal_access_tokens", "has_more")
    PERSONAL_ACCESS_TOKENS_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    personal_access_tokens: _containers.RepeatedCompositeFieldContainer[PersonalAccessTokenWithCreatorInfo]
    has_more: bool
    def __init__(self, personal_access_tokens: _Optional[_Iterable[_Union[PersonalAccessTokenWithCreatorInfo, _Mapping]]] = ..., has_more: _Optional[bool] = ...) -> None: ...

class ListPersonalAccessTokensResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ListPersonalAccessTokensResponseData
    def __init__(self, data: _Optional[_Union[ListPersonalAccessTokensResponseData, _Mapping]] = ...) -> None: ...

class GetPersonalAccessTokenAndPermissionRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: int
    def __init__(self, id: _Optional[int] = ...) -> None: ...

class GetPersonalAccessTokenAndPermissionResponseData(_message.Message):
    __slots__ = ("personal_access_token",)
    PERSONAL_ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    personal_access_token: PersonalAccessToken
    def __init__(self, personal_access_token: _Optional[_Union[PersonalAccessToken, _Mapping]] = ...) -> None: ...

class GetPersonalAccessTokenAndPermissionResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: GetPersonalAccessTokenAndPermissionResponseData
    def __init__(self, data: _Optional[_Union[GetPersonalAccessTokenAndPermissionResponseData, _Mapping]] = ...) -> None: ...

class UpdatePersonalAccessTokenAndPermissionRequest(_message.Message):
    __slots__ = ("id", "name")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class UpdatePersonalAccessTokenAndPermissionResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DeletePersonalAccessTokenAndPermissionRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: int
    def __init__(self, id: _Optional[int] = ...) -> None: ...

class DeletePersonalAccessTokenAndPermissionResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Workspace(_message.Message):
    __slots__ = ("id", "name", "icon_url", "role_type", "workspace_type", "enterprise_id", "description", "owner_uid", "joined_status")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    ROLE_TYPE_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENTERPRISE_ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    OWNER_UID_FIELD_NUMBER: _ClassVar[int]
    JOINED_STATUS_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    icon_url: str
    role_type: str
    workspace_type: str
    enterprise_id: str
    description: str
    owner_uid: int
    joined_status: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., icon_url: _Optional[str] = ..., role_type: _Optional[str] = ..., workspace_type: _Optional[str] = ..., enterprise_id: _Optional[str] = ..., description: _Optional[str] = ..., owner_uid: _Optional[int] = ..., joined_status: _Optional[str] = ...) -> None: ...

class ListWorkspacesRequest(_message.Message):
    __slots__ = ("page_num", "page_size")
    PAGE_NUM_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    page_num: int
    page_size: int
    def __init__(self, page_num: _Optional[int] = ..., page_size: _Optional[int] = ...) -> None: ...

class ListWorkspacesResponseData(_message.Message):
    __slots__ = ("workspaces", "total_count")
    WORKSPACES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    workspaces: _containers.RepeatedCompositeFieldContainer[Workspace]
    total_count: int
    def __init__(self, workspaces: _Optional[_Iterable[_Union[Workspace, _Mapping]]] = ..., total_count: _Optional[int] = ...) -> None: ...

class ListWorkspacesResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ListWorkspacesResponseData
    def __init__(self, data: _Optional[_Union[ListWorkspacesResponseData, _Mapping]] = ...) -> None: ...

class GetCurrentUserRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CurrentUser(_message.Message):
    __slots__ = ("user_id", "user_name", "nick_name", "avatar_url")
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    USER_NAME_FIELD_NUMBER: _ClassVar[int]
    NICK_NAME_FIELD_NUMBER: _ClassVar[int]
    AVATAR_URL_FIELD_NUMBER: _ClassVar[int]
    user_id: int
    user_name: str
    nick_name: str
    avatar_url: str
    def __init__(self, user_id: _Optional[int] = ..., user_name: _Optional[str] = ..., nick_name: _Optional[str] = ..., avatar_url: _Optional[str] = ...) -> None: ...

class GetCurrentUserResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: CurrentUser
    def __init__(self, data: _Optional[_Union[CurrentUser, _Mapping]] = ...) -> None: ...
