# DO NOT EDIT — generated from idl/plugin.thrift by atelier_idlc.
from atelier_proto import annotations_pb2 as _annotations_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AuthorizationType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AUTHORIZATION_TYPE_NONE: _ClassVar[AuthorizationType]
    AUTHORIZATION_TYPE_SERVICE: _ClassVar[AuthorizationType]
    AUTHORIZATION_TYPE_O_AUTH: _ClassVar[AuthorizationType]
    AUTHORIZATION_TYPE_STANDARD: _ClassVar[AuthorizationType]

class ServiceAuthSubType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SERVICE_AUTH_SUB_TYPE_API_KEY: _ClassVar[ServiceAuthSubType]
    SERVICE_AUTH_SUB_TYPE_O_AUTH_AUTHORIZATION_CODE: _ClassVar[ServiceAuthSubType]
    SERVICE_AUTH_SUB_TYPE_O_AUTH_CLIENT_CREDENTIALS: _ClassVar[ServiceAuthSubType]

class AuthorizationServiceLocation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AUTHORIZATION_SERVICE_LOCATION_UNSPECIFIED: _ClassVar[AuthorizationServiceLocation]
    AUTHORIZATION_SERVICE_LOCATION_HEADER: _ClassVar[AuthorizationServiceLocation]
    AUTHORIZATION_SERVICE_LOCATION_QUERY: _ClassVar[AuthorizationServiceLocation]

class ParameterLocation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PARAMETER_LOCATION_UNSPECIFIED: _ClassVar[ParameterLocation]
    PARAMETER_LOCATION_PATH: _ClassVar[ParameterLocation]
    PARAMETER_LOCATION_QUERY: _ClassVar[ParameterLocation]
    PARAMETER_LOCATION_BODY: _ClassVar[ParameterLocation]
    PARAMETER_LOCATION_HEADER: _ClassVar[ParameterLocation]

class ParameterType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PARAMETER_TYPE_UNSPECIFIED: _ClassVar[ParameterType]
    PARAMETER_TYPE_STRING: _ClassVar[ParameterType]
    PARAMETER_TYPE_INTEGER: _ClassVar[ParameterType]
    PARAMETER_TYPE_NUMBER: _ClassVar[ParameterType]
    PARAMETER_TYPE_OBJECT: _ClassVar[ParameterType]
    PARAMETER_TYPE_ARRAY: _ClassVar[ParameterType]
    PARAMETER_TYPE_BOOL: _ClassVar[ParameterType]

class APIMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    API_METHOD_UNSPECIFIED: _ClassVar[APIMethod]
    API_METHOD_GET: _ClassVar[APIMethod]
    API_METHOD_POST: _ClassVar[APIMethod]
    API_METHOD_PUT: _ClassVar[APIMethod]
    API_METHOD_DELETE: _ClassVar[APIMethod]
    API_METHOD_PATCH: _ClassVar[APIMethod]

class DebugOperation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DEBUG_OPERATION_UNSPECIFIED: _ClassVar[DebugOperation]
    DEBUG_OPERATION_DEBUG: _ClassVar[DebugOperation]
    DEBUG_OPERATION_PARSE: _ClassVar[DebugOperation]

class OAuthStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    O_AUTH_STATUS_UNSPECIFIED: _ClassVar[OAuthStatus]
    O_AUTH_STATUS_AUTHORIZED: _ClassVar[OAuthStatus]
    O_AUTH_STATUS_UNAUTHORIZED: _ClassVar[OAuthStatus]

class PluginType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLUGIN_TYPE_UNSPECIFIED: _ClassVar[PluginType]
    PLUGIN_TYPE_PLUGIN: _ClassVar[PluginType]
    PLUGIN_TYPE_APP: _ClassVar[PluginType]
    PLUGIN_TYPE_FUNC: _ClassVar[PluginType]
    PLUGIN_TYPE_WORKFLOW: _ClassVar[PluginType]
    PLUGIN_TYPE_IMAGEFLOW: _ClassVar[PluginType]
    PLUGIN_TYPE_LOCAL: _ClassVar[PluginType]

class CreationMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CREATION_METHOD_COZE: _ClassVar[CreationMethod]
    CREATION_METHOD_IDE: _ClassVar[CreationMethod]

class APIDebugStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    API_DEBUG_STATUS_DEBUG_WAITING: _ClassVar[APIDebugStatus]
    API_DEBUG_STATUS_DEBUG_PASSED: _ClassVar[APIDebugStatus]

class APIListOrder(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    API_LIST_ORDER_UNSPECIFIED: _ClassVar[APIListOrder]
    API_LIST_ORDER_CREATE_TIME: _ClassVar[APIListOrder]
    API_LIST_ORDER_NAME: _ClassVar[APIListOrder]

class PluginDataFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLUGIN_DATA_FORMAT_UNSPECIFIED: _ClassVar[PluginDataFormat]
    PLUGIN_DATA_FORMAT_OPEN_API: _ClassVar[PluginDataFormat]
    PLUGIN_DATA_FORMAT_CURL: _ClassVar[PluginDataFormat]
    PLUGIN_DATA_FORMAT_POSTMAN: _ClassVar[PluginDataFormat]
    PLUGIN_DATA_FORMAT_SWAGGER: _ClassVar[PluginDataFormat]

class OnlineStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ONLINE_STATUS_OFFLINE: _ClassVar[OnlineStatus]
    ONLINE_STATUS_ONLINE: _ClassVar[OnlineStatus]

class PluginKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLUGIN_KIND_UNSPECIFIED: _ClassVar[PluginKind]
    PLUGIN_KIND_OPENAPI: _ClassVar[PluginKind]
    PLUGIN_KIND_MCP: _ClassVar[PluginKind]
    PLUGIN_KIND_BUILTIN: _ClassVar[PluginKind]

class InvokeOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INVOKE_OUTCOME_OK: _ClassVar[InvokeOutcome]
    INVOKE_OUTCOME_HTTP_ERROR: _ClassVar[InvokeOutcome]
    INVOKE_OUTCOME_INVALID_ARGUMENTS: _ClassVar[InvokeOutcome]
    INVOKE_OUTCOME_OAUTH_REQUIRED: _ClassVar[InvokeOutcome]
    INVOKE_OUTCOME_FAILED: _ClassVar[InvokeOutcome]
    INVOKE_OUTCOME_TOOL_ERROR: _ClassVar[InvokeOutcome]

class UnresolvedProblem(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    UNRESOLVED_PROBLEM_UNSPECIFIED: _ClassVar[UnresolvedProblem]
    UNRESOLVED_PROBLEM_PLUGIN_NOT_FOUND: _ClassVar[UnresolvedProblem]
    UNRESOLVED_PROBLEM_NOT_PUBLISHED: _ClassVar[UnresolvedProblem]
    UNRESOLVED_PROBLEM_TOOL_NOT_FOUND: _ClassVar[UnresolvedProblem]
    UNRESOLVED_PROBLEM_TOOL_DISABLED: _ClassVar[UnresolvedProblem]
    UNRESOLVED_PROBLEM_TOOL_NOT_IN_DOCUMENT: _ClassVar[UnresolvedProblem]
    UNRESOLVED_PROBLEM_INVALID_DEFAULT: _ClassVar[UnresolvedProblem]
AUTHORIZATION_TYPE_NONE: AuthorizationType
AUTHORIZATION_TYPE_SERVICE: AuthorizationType
AUTHORIZATION_TYPE_O_AUTH: AuthorizationType
AUTHORIZATION_TYPE_STANDARD: AuthorizationType
SERVICE_AUTH_SUB_TYPE_API_KEY: ServiceAuthSubType
SERVICE_AUTH_SUB_TYPE_O_AUTH_AUTHORIZATION_CODE: ServiceAuthSubType
SERVICE_AUTH_SUB_TYPE_O_AUTH_CLIENT_CREDENTIALS: ServiceAuthSubType
AUTHORIZATION_SERVICE_LOCATION_UNSPECIFIED: AuthorizationServiceLocation
AUTHORIZATION_SERVICE_LOCATION_HEADER: AuthorizationServiceLocation
AUTHORIZATION_SERVICE_LOCATION_QUERY: AuthorizationServiceLocation
PARAMETER_LOCATION_UNSPECIFIED: ParameterLocation
PARAMETER_LOCATION_PATH: ParameterLocation
PARAMETER_LOCATION_QUERY: ParameterLocation
PARAMETER_LOCATION_BODY: ParameterLocation
PARAMETER_LOCATION_HEADER: ParameterLocation
PARAMETER_TYPE_UNSPECIFIED: ParameterType
PARAMETER_TYPE_STRING: ParameterType
PARAMETER_TYPE_INTEGER: ParameterType
PARAMETER_TYPE_NUMBER: ParameterType
PARAMETER_TYPE_OBJECT: ParameterType
PARAMETER_TYPE_ARRAY: ParameterType
PARAMETER_TYPE_BOOL: ParameterType
API_METHOD_UNSPECIFIED: APIMethod
API_METHOD_GET: APIMethod
API_METHOD_POST: APIMethod
API_METHOD_PUT: APIMethod
API_METHOD_DELETE: APIMethod
API_METHOD_PATCH: APIMethod
DEBUG_OPERATION_UNSPECIFIED: DebugOperation
DEBUG_OPERATION_DEBUG: DebugOperation
DEBUG_OPERATION_PARSE: DebugOperation
O_AUTH_STATUS_UNSPECIFIED: OAuthStatus
O_AUTH_STATUS_AUTHORIZED: OAuthStatus
O_AUTH_STATUS_UNAUTHORIZED: OAuthStatus
PLUGIN_TYPE_UNSPECIFIED: PluginType
PLUGIN_TYPE_PLUGIN: PluginType
PLUGIN_TYPE_APP: PluginType
PLUGIN_TYPE_FUNC: PluginType
PLUGIN_TYPE_WORKFLOW: PluginType
PLUGIN_TYPE_IMAGEFLOW: PluginType
PLUGIN_TYPE_LOCAL: PluginType
CREATION_METHOD_COZE: CreationMethod
CREATION_METHOD_IDE: CreationMethod
API_DEBUG_STATUS_DEBUG_WAITING: APIDebugStatus
API_DEBUG_STATUS_DEBUG_PASSED: APIDebugStatus
API_LIST_ORDER_UNSPECIFIED: APIListOrder
API_LIST_ORDER_CREATE_TIME: APIListOrder
API_LIST_ORDER_NAME: APIListOrder
PLUGIN_DATA_FORMAT_UNSPECIFIED: PluginDataFormat
PLUGIN_DATA_FORMAT_OPEN_API: PluginDataFormat
PLUGIN_DATA_FORMAT_CURL: PluginDataFormat
PLUGIN_DATA_FORMAT_POSTMAN: PluginDataFormat
PLUGIN_DATA_FORMAT_SWAGGER: PluginDataFormat
ONLINE_STATUS_OFFLINE: OnlineStatus
ONLINE_STATUS_ONLINE: OnlineStatus
PLUGIN_KIND_UNSPECIFIED: PluginKind
PLUGIN_KIND_OPENAPI: PluginKind
PLUGIN_KIND_MCP: PluginKind
PLUGIN_KIND_BUILTIN: PluginKind
INVOKE_OUTCOME_OK: InvokeOutcome
INVOKE_OUTCOME_HTTP_ERROR: InvokeOutcome
INVOKE_OUTCOME_INVALID_ARGUMENTS: InvokeOutcome
INVOKE_OUTCOME_OAUTH_REQUIRED: InvokeOutcome
INVOKE_OUTCOME_FAILED: InvokeOutcome
INVOKE_OUTCOME_TOOL_ERROR: InvokeOutcome
UNRESOLVED_PROBLEM_UNSPECIFIED: UnresolvedProblem
UNRESOLVED_PROBLEM_PLUGIN_NOT_FOUND: UnresolvedProblem
UNRESOLVED_PROBLEM_NOT_PUBLISHED: UnresolvedProblem
UNRESOLVED_PROBLEM_TOOL_NOT_FOUND: UnresolvedProblem
UNRESOLVED_PROBLEM_TOOL_DISABLED: UnresolvedProblem
UNRESOLVED_PROBLEM_TOOL_NOT_IN_DOCUMENT: UnresolvedProblem
UNRESOLVED_PROBLEM_INVALID_DEFAULT: UnresolvedProblem

class ManifestAuth(_message.Message):
    __slots__ = ("type", "sub_type", "payload")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SUB_TYPE_FIELD_NUMBER: _ClassVar[int]
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    type: str
    sub_type: str
    payload: str
    def __init__(self, type: _Optional[str] = ..., sub_type: _Optional[str] = ..., payload: _Optional[str] = ...) -> None: ...

class ManifestAPI(_message.Message):
    __slots__ = ("type",)
    TYPE_FIELD_NUMBER: _ClassVar[int]
    type: str
    def __init__(self, type: _Optional[str] = ...) -> None: ...

class CommonParamSchema(_message.Message):
    __slots__ = ("name", "value")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    name: str
    value: str
    def __init__(self, name: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...

class ManifestCommonParams(_message.Message):
    __slots__ = ("header", "query", "body", "path")
    HEADER_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    BODY_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    header: _containers.RepeatedCompositeFieldContainer[CommonParamSchema]
    query: _containers.RepeatedCompositeFieldContainer[CommonParamSchema]
    body: _containers.RepeatedCompositeFieldContainer[CommonParamSchema]
    path: _containers.RepeatedCompositeFieldContainer[CommonParamSchema]
    def __init__(self, header: _Optional[_Iterable[_Union[CommonParamSchema, _Mapping]]] = ..., query: _Optional[_Iterable[_Union[CommonParamSchema, _Mapping]]] = ..., body: _Optional[_Iterable[_Union[CommonParamSchema, _Mapping]]] = ..., path: _Optional[_Iterable[_Union[CommonParamSchema, _Mapping]]] = ...) -> None: ...

class PluginManifest(_message.Message):
    __slots__ = ("schema_version", "name_for_model", "name_for_human", "description_for_model", "description_for_human", "auth", "logo_url", "api", "common_params")
    SCHEMA_VERSION_FIELD_NUMBER: _ClassVar[int]
    NAME_FOR_MODEL_FIELD_NUMBER: _ClassVar[int]
    NAME_FOR_HUMAN_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FOR_MODEL_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FOR_HUMAN_FIELD_NUMBER: _ClassVar[int]
    AUTH_FIELD_NUMBER: _ClassVar[int]
    LOGO_URL_FIELD_NUMBER: _ClassVar[int]
    API_FIELD_NUMBER: _ClassVar[int]
    COMMON_PARAMS_FIELD_NUMBER: _ClassVar[int]
    schema_version: str
    name_for_model: str
    name_for_human: str
    description_for_model: str
    description_for_human: str
    auth: ManifestAuth
    logo_url: str
    api: ManifestAPI
    common_params: ManifestCommonParams
    def __init__(self, schema_version: _Optional[str] = ..., name_for_model: _Optional[str] = ..., name_for_human: _Optional[str] = ..., description_for_model: _Optional[str] = ..., description_for_human: _Optional[str] = ..., auth: _Optional[_Union[ManifestAuth, _Mapping]] = ..., logo_url: _Optional[str] = ..., api: _Optional[_Union[ManifestAPI, _Mapping]] = ..., common_params: _Optional[_Union[ManifestCommonParams, _Mapping]] = ...) -> None: ...

class PluginIcon(_message.Message):
    __slots__ = ("uri", "url")
    URI_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    uri: str
    url: str
    def __init__(self, uri: _Optional[str] = ..., url: _Optional[str] = ...) -> None: ...

class McpServerConfig(_message.Message):
    __slots__ = ("transport", "url", "headers")
    class HeadersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    TRANSPORT_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    HEADERS_FIELD_NUMBER: _ClassVar[int]
    transport: str
    url: str
    headers: _containers.ScalarMap[str, str]
    def __init__(self, transport: _Optional[str] = ..., url: _Optional[str] = ..., headers: _Optional[_Mapping[str, str]] = ...) -> None: ...

class CommonParam(_message.Message):
    __slots__ = ("location", "name", "value")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    location: ParameterLocation
    name: str
    value: str
    def __init__(self, location: _Optional[_Union[ParameterLocation, str]] = ..., name: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...

class PluginMetaInfo(_message.Message):
    __slots__ = ("name", "desc", "url", "icon", "auth_type", "location", "key", "service_token", "oauth_info", "common_params", "sub_auth_type", "auth_payload", "kind", "mcp_server")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    ICON_FIELD_NUMBER: _ClassVar[int]
    AUTH_TYPE_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    OAUTH_INFO_FIELD_NUMBER: _ClassVar[int]
    COMMON_PARAMS_FIELD_NUMBER: _ClassVar[int]
    SUB_AUTH_TYPE_FIELD_NUMBER: _ClassVar[int]
    AUTH_PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    MCP_SERVER_FIELD_NUMBER: _ClassVar[int]
    name: str
    desc: str
    url: str
    icon: PluginIcon
    auth_type: _containers.RepeatedScalarFieldContainer[AuthorizationType]
    location: AuthorizationServiceLocation
    key: str
    service_token: str
    oauth_info: str
    common_params: _containers.RepeatedCompositeFieldContainer[CommonParam]
    sub_auth_type: int
    auth_payload: str
    kind: str
    mcp_server: McpServerConfig
    def __init__(self, name: _Optional[str] = ..., desc: _Optional[str] = ..., url: _Optional[str] = ..., icon: _Optional[_Union[PluginIcon, _Mapping]] = ..., auth_type: _Optional[_Iterable[_Union[AuthorizationType, str]]] = ..., location: _Optional[_Union[AuthorizationServiceLocation, str]] = ..., key: _Optional[str] = ..., service_token: _Optional[str] = ..., oauth_info: _Optional[str] = ..., common_params: _Optional[_Iterable[_Union[CommonParam, _Mapping]]] = ..., sub_auth_type: _Optional[int] = ..., auth_payload: _Optional[str] = ..., kind: _Optional[str] = ..., mcp_server: _Optional[_Union[McpServerConfig, _Mapping]] = ...) -> None: ...

class APIParameter(_message.Message):
    __slots__ = ("id", "name", "desc", "type", "sub_type", "location", "is_required", "sub_parameters", "global_default", "global_disable", "local_default", "local_disable")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SUB_TYPE_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    IS_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    SUB_PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_DEFAULT_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_DISABLE_FIELD_NUMBER: _ClassVar[int]
    LOCAL_DEFAULT_FIELD_NUMBER: _ClassVar[int]
    LOCAL_DISABLE_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    desc: str
    type: ParameterType
    sub_type: ParameterType
    location: ParameterLocation
    is_required: bool
    sub_parameters: _containers.RepeatedCompositeFieldContainer[APIParameter]
    global_default: str
    global_disable: bool
    local_default: str
    local_disable: bool
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., desc: _Optional[str] = ..., type: _Optional[_Union[ParameterType, str]] = ..., sub_type: _Optional[_Union[ParameterType, str]] = ..., location: _Optional[_Union[ParameterLocation, str]] = ..., is_required: _Optional[bool] = ..., sub_parameters: _Optional[_Iterable[_Union[APIParameter, _Mapping]]] = ..., global_default: _Optional[str] = ..., global_disable: _Optional[bool] = ..., local_default: _Optional[str] = ..., local_disable: _Optional[bool] = ...) -> None: ...

class PluginAPIInfo(_message.Message):
    __slots__ = ("plugin_id", "api_id", "name", "desc", "path", "method", "request_params", "response_params", "create_time", "debug_status", "disabled", "online_status", "function_name")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    REQUEST_PARAMS_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    DEBUG_STATUS_FIELD_NUMBER: _ClassVar[int]
    DISABLED_FIELD_NUMBER: _ClassVar[int]
    ONLINE_STATUS_FIELD_NUMBER: _ClassVar[int]
    FUNCTION_NAME_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    name: str
    desc: str
    path: str
    method: APIMethod
    request_params: _containers.RepeatedCompositeFieldContainer[APIParameter]
    response_params: _containers.RepeatedCompositeFieldContainer[APIParameter]
    create_time: str
    debug_status: APIDebugStatus
    disabled: bool
    online_status: OnlineStatus
    function_name: str
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., name: _Optional[str] = ..., desc: _Optional[str] = ..., path: _Optional[str] = ..., method: _Optional[_Union[APIMethod, str]] = ..., request_params: _Optional[_Iterable[_Union[APIParameter, _Mapping]]] = ..., response_params: _Optional[_Iterable[_Union[APIParameter, _Mapping]]] = ..., create_time: _Optional[str] = ..., debug_status: _Optional[_Union[APIDebugStatus, str]] = ..., disabled: _Optional[bool] = ..., online_status: _Optional[_Union[OnlineStatus, str]] = ..., function_name: _Optional[str] = ...) -> None: ...

class CodeInfo(_message.Message):
    __slots__ = ("plugin_desc", "openapi_desc", "client_id", "client_secret", "service_token")
    PLUGIN_DESC_FIELD_NUMBER: _ClassVar[int]
    OPENAPI_DESC_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SECRET_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    plugin_desc: str
    openapi_desc: str
    client_id: str
    client_secret: str
    service_token: str
    def __init__(self, plugin_desc: _Optional[str] = ..., openapi_desc: _Optional[str] = ..., client_id: _Optional[str] = ..., client_secret: _Optional[str] = ..., service_token: _Optional[str] = ...) -> None: ...

class Creator(_message.Message):
    __slots__ = ("id", "name", "avatar_url", "is_self")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    AVATAR_URL_FIELD_NUMBER: _ClassVar[int]
    IS_SELF_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    avatar_url: str
    is_self: bool
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., avatar_url: _Optional[str] = ..., is_self: _Optional[bool] = ...) -> None: ...

class RegisterPluginRequest(_message.Message):
    __slots__ = ("ai_plugin", "openapi", "client_id", "client_secret", "service_token", "plugin_type", "space_id", "import_from_file", "project_id")
    AI_PLUGIN_FIELD_NUMBER: _ClassVar[int]
    OPENAPI_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SECRET_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_TYPE_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    IMPORT_FROM_FILE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    ai_plugin: str
    openapi: str
    client_id: str
    client_secret: str
    service_token: str
    plugin_type: PluginType
    space_id: int
    import_from_file: bool
    project_id: int
    def __init__(self, ai_plugin: _Optional[str] = ..., openapi: _Optional[str] = ..., client_id: _Optional[str] = ..., client_secret: _Optional[str] = ..., service_token: _Optional[str] = ..., plugin_type: _Optional[_Union[PluginType, str]] = ..., space_id: _Optional[int] = ..., import_from_file: _Optional[bool] = ..., project_id: _Optional[int] = ...) -> None: ...

class RegisterPluginData(_message.Message):
    __slots__ = ("plugin_id", "openapi")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    OPENAPI_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    openapi: str
    def __init__(self, plugin_id: _Optional[int] = ..., openapi: _Optional[str] = ...) -> None: ...

class RegisterPluginResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: RegisterPluginData
    def __init__(self, data: _Optional[_Union[RegisterPluginData, _Mapping]] = ...) -> None: ...

class RegisterPluginMetaRequest(_message.Message):
    __slots__ = ("name", "desc", "url", "icon", "auth_type", "location", "key", "service_token", "oauth_info", "space_id", "common_params", "creation_method", "plugin_type", "project_id", "sub_auth_type", "auth_payload", "mcp_server")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    ICON_FIELD_NUMBER: _ClassVar[int]
    AUTH_TYPE_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    OAUTH_INFO_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    COMMON_PARAMS_FIELD_NUMBER: _ClassVar[int]
    CREATION_METHOD_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_TYPE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    SUB_AUTH_TYPE_FIELD_NUMBER: _ClassVar[int]
    AUTH_PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    MCP_SERVER_FIELD_NUMBER: _ClassVar[int]
    name: str
    desc: str
    url: str
    icon: PluginIcon
    auth_type: AuthorizationType
    location: AuthorizationServiceLocation
    key: str
    service_token: str
    oauth_info: str
    space_id: int
    common_params: _containers.RepeatedCompositeFieldContainer[CommonParam]
    creation_method: CreationMethod
    plugin_type: PluginType
    project_id: int
    sub_auth_type: int
    auth_payload: str
    mcp_server: McpServerConfig
    def __init__(self, name: _Optional[str] = ..., desc: _Optional[str] = ..., url: _Optional[str] = ..., icon: _Optional[_Union[PluginIcon, _Mapping]] = ..., auth_type: _Optional[_Union[AuthorizationType, str]] = ..., location: _Optional[_Union[AuthorizationServiceLocation, str]] = ..., key: _Optional[str] = ..., service_token: _Optional[str] = ..., oauth_info: _Optional[str] = ..., space_id: _Optional[int] = ..., common_params: _Optional[_Iterable[_Union[CommonParam, _Mapping]]] = ..., creation_method: _Optional[_Union[CreationMethod, str]] = ..., plugin_type: _Optional[_Union[PluginType, str]] = ..., project_id: _Optional[int] = ..., sub_auth_type: _Optional[int] = ..., auth_payload: _Optional[str] = ..., mcp_server: _Optional[_Union[McpServerConfig, _Mapping]] = ...) -> None: ...

class RegisterPluginMetaResponse(_message.Message):
    __slots__ = ("plugin_id",)
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    def __init__(self, plugin_id: _Optional[int] = ...) -> None: ...

class UpdatePluginRequest(_message.Message):
    __slots__ = ("plugin_id", "ai_plugin", "openapi", "client_id", "client_secret", "service_token", "edit_version", "space_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    AI_PLUGIN_FIELD_NUMBER: _ClassVar[int]
    OPENAPI_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SECRET_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    ai_plugin: str
    openapi: str
    client_id: str
    client_secret: str
    service_token: str
    edit_version: int
    space_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., ai_plugin: _Optional[str] = ..., openapi: _Optional[str] = ..., client_id: _Optional[str] = ..., client_secret: _Optional[str] = ..., service_token: _Optional[str] = ..., edit_version: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdatePluginData(_message.Message):
    __slots__ = ("res", "edit_version")
    RES_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    res: bool
    edit_version: int
    def __init__(self, res: _Optional[bool] = ..., edit_version: _Optional[int] = ...) -> None: ...

class UpdatePluginResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: UpdatePluginData
    def __init__(self, data: _Optional[_Union[UpdatePluginData, _Mapping]] = ...) -> None: ...

class UpdatePluginMetaRequest(_message.Message):
    __slots__ = ("plugin_id", "name", "desc", "url", "icon", "auth_type", "location", "key", "service_token", "oauth_info", "common_params", "edit_version", "sub_auth_type", "auth_payload", "space_id", "mcp_server")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    ICON_FIELD_NUMBER: _ClassVar[int]
    AUTH_TYPE_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    OAUTH_INFO_FIELD_NUMBER: _ClassVar[int]
    COMMON_PARAMS_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    SUB_AUTH_TYPE_FIELD_NUMBER: _ClassVar[int]
    AUTH_PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    MCP_SERVER_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    name: str
    desc: str
    url: str
    icon: PluginIcon
    auth_type: AuthorizationType
    location: AuthorizationServiceLocation
    key: str
    service_token: str
    oauth_info: str
    common_params: _containers.RepeatedCompositeFieldContainer[CommonParam]
    edit_version: int
    sub_auth_type: int
    auth_payload: str
    space_id: int
    mcp_server: McpServerConfig
    def __init__(self, plugin_id: _Optional[int] = ..., name: _Optional[str] = ..., desc: _Optional[str] = ..., url: _Optional[str] = ..., icon: _Optional[_Union[PluginIcon, _Mapping]] = ..., auth_type: _Optional[_Union[AuthorizationType, str]] = ..., location: _Optional[_Union[AuthorizationServiceLocation, str]] = ..., key: _Optional[str] = ..., service_token: _Optional[str] = ..., oauth_info: _Optional[str] = ..., common_params: _Optional[_Iterable[_Union[CommonParam, _Mapping]]] = ..., edit_version: _Optional[int] = ..., sub_auth_type: _Optional[int] = ..., auth_payload: _Optional[str] = ..., space_id: _Optional[int] = ..., mcp_server: _Optional[_Union[McpServerConfig, _Mapping]] = ...) -> None: ...

class UpdatePluginMetaResponse(_message.Message):
    __slots__ = ("edit_version",)
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    edit_version: int
    def __init__(self, edit_version: _Optional[int] = ...) -> None: ...

class GetPluginInfoRequest(_message.Message):
    __slots__ = ("plugin_id", "space_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    space_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetPluginInfoResponse(_message.Message):
    __slots__ = ("meta_info", "code_info", "status", "published", "creator", "creation_method", "edit_version", "plugin_type", "manifest")
    META_INFO_FIELD_NUMBER: _ClassVar[int]
    CODE_INFO_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_FIELD_NUMBER: _ClassVar[int]
    CREATOR_FIELD_NUMBER: _ClassVar[int]
    CREATION_METHOD_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_TYPE_FIELD_NUMBER: _ClassVar[int]
    MANIFEST_FIELD_NUMBER: _ClassVar[int]
    meta_info: PluginMetaInfo
    code_info: CodeInfo
    status: bool
    published: bool
    creator: Creator
    creation_method: CreationMethod
    edit_version: int
    plugin_type: PluginType
    manifest: PluginManifest
    def __init__(self, meta_info: _Optional[_Union[PluginMetaInfo, _Mapping]] = ..., code_info: _Optional[_Union[CodeInfo, _Mapping]] = ..., status: _Optional[bool] = ..., published: _Optional[bool] = ..., creator: _Optional[_Union[Creator, _Mapping]] = ..., creation_method: _Optional[_Union[CreationMethod, str]] = ..., edit_version: _Optional[int] = ..., plugin_type: _Optional[_Union[PluginType, str]] = ..., manifest: _Optional[_Union[PluginManifest, _Mapping]] = ...) -> None: ...

class GetPluginAPIsRequest(_message.Message):
    __slots__ = ("plugin_id", "api_ids", "page", "size", "order", "space_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_IDS_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_ids: _containers.RepeatedScalarFieldContainer[int]
    page: int
    size: int
    order: APIListOrder
    space_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., api_ids: _Optional[_Iterable[int]] = ..., page: _Optional[int] = ..., size: _Optional[int] = ..., order: _Optional[_Union[APIListOrder, str]] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetPluginAPIsResponse(_message.Message):
    __slots__ = ("api_info", "total", "edit_version")
    API_INFO_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    api_info: _containers.RepeatedCompositeFieldContainer[PluginAPIInfo]
    total: int
    edit_version: int
    def __init__(self, api_info: _Optional[_Iterable[_Union[PluginAPIInfo, _Mapping]]] = ..., total: _Optional[int] = ..., edit_version: _Optional[int] = ...) -> None: ...

class PublishPluginRequest(_message.Message):
    __slots__ = ("plugin_id", "privacy_status", "privacy_info", "version_name", "version_desc", "space_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    PRIVACY_STATUS_FIELD_NUMBER: _ClassVar[int]
    PRIVACY_INFO_FIELD_NUMBER: _ClassVar[int]
    VERSION_NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_DESC_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    privacy_status: bool
    privacy_info: str
    version_name: str
    version_desc: str
    space_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., privacy_status: _Optional[bool] = ..., privacy_info: _Optional[str] = ..., version_name: _Optional[str] = ..., version_desc: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class PublishPluginResponse(_message.Message):
    __slots__ = ("version_ts",)
    VERSION_TS_FIELD_NUMBER: _ClassVar[int]
    version_ts: str
    def __init__(self, version_ts: _Optional[str] = ...) -> None: ...

class DelPluginRequest(_message.Message):
    __slots__ = ("plugin_id", "space_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    space_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DelPluginResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Convert2OpenAPIRequest(_message.Message):
    __slots__ = ("plugin_name", "plugin_url", "data", "merge_same_paths", "space_id", "plugin_description", "document_url")
    PLUGIN_NAME_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_URL_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    MERGE_SAME_PATHS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_URL_FIELD_NUMBER: _ClassVar[int]
    plugin_name: str
    plugin_url: str
    data: str
    merge_same_paths: bool
    space_id: int
    plugin_description: str
    document_url: str
    def __init__(self, plugin_name: _Optional[str] = ..., plugin_url: _Optional[str] = ..., data: _Optional[str] = ..., merge_same_paths: _Optional[bool] = ..., space_id: _Optional[int] = ..., plugin_description: _Optional[str] = ..., document_url: _Optional[str] = ...) -> None: ...

class DuplicateAPIInfo(_message.Message):
    __slots__ = ("method", "path", "count")
    METHOD_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    method: str
    path: str
    count: int
    def __init__(self, method: _Optional[str] = ..., path: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class Convert2OpenAPIResponse(_message.Message):
    __slots__ = ("openapi", "ai_plugin", "plugin_data_format", "duplicate_api_infos")
    OPENAPI_FIELD_NUMBER: _ClassVar[int]
    AI_PLUGIN_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_DATA_FORMAT_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_API_INFOS_FIELD_NUMBER: _ClassVar[int]
    openapi: str
    ai_plugin: str
    plugin_data_format: PluginDataFormat
    duplicate_api_infos: _containers.RepeatedCompositeFieldContainer[DuplicateAPIInfo]
    def __init__(self, openapi: _Optional[str] = ..., ai_plugin: _Optional[str] = ..., plugin_data_format: _Optional[_Union[PluginDataFormat, str]] = ..., duplicate_api_infos: _Optional[_Iterable[_Union[DuplicateAPIInfo, _Mapping]]] = ...) -> None: ...

class CreateAPIRequest(_message.Message):
    __slots__ = ("plugin_id", "name", "desc", "path", "method", "request_params", "response_params", "disabled", "edit_version", "function_name", "space_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    REQUEST_PARAMS_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    DISABLED_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    FUNCTION_NAME_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    name: str
    desc: str
    path: str
    method: APIMethod
    request_params: _containers.RepeatedCompositeFieldContainer[APIParameter]
    response_params: _containers.RepeatedCompositeFieldContainer[APIParameter]
    disabled: bool
    edit_version: int
    function_name: str
    space_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., name: _Optional[str] = ..., desc: _Optional[str] = ..., path: _Optional[str] = ..., method: _Optional[_Union[APIMethod, str]] = ..., request_params: _Optional[_Iterable[_Union[APIParameter, _Mapping]]] = ..., response_params: _Optional[_Iterable[_Union[APIParameter, _Mapping]]] = ..., disabled: _Optional[bool] = ..., edit_version: _Optional[int] = ..., function_name: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class CreateAPIResponse(_message.Message):
    __slots__ = ("api_id", "edit_version")
    API_ID_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    api_id: int
    edit_version: int
    def __init__(self, api_id: _Optional[int] = ..., edit_version: _Optional[int] = ...) -> None: ...

class UpdateAPIRequest(_message.Message):
    __slots__ = ("plugin_id", "api_id", "name", "desc", "path", "method", "request_params", "response_params", "disabled", "edit_version", "function_name", "space_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    REQUEST_PARAMS_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    DISABLED_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    FUNCTION_NAME_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    name: str
    desc: str
    path: str
    method: APIMethod
    request_params: _containers.RepeatedCompositeFieldContainer[APIParameter]
    response_params: _containers.RepeatedCompositeFieldContainer[APIParameter]
    disabled: bool
    edit_version: int
    function_name: str
    space_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., name: _Optional[str] = ..., desc: _Optional[str] = ..., path: _Optional[str] = ..., method: _Optional[_Union[APIMethod, str]] = ..., request_params: _Optional[_Iterable[_Union[APIParameter, _Mapping]]] = ..., response_params: _Optional[_Iterable[_Union[APIParameter, _Mapping]]] = ..., disabled: _Optional[bool] = ..., edit_version: _Optional[int] = ..., function_name: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdateAPIResponse(_message.Message):
    __slots__ = ("edit_version",)
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    edit_version: int
    def __init__(self, edit_version: _Optional[int] = ...) -> None: ...

class DeleteAPIRequest(_message.Message):
    __slots__ = ("plugin_id", "api_id", "edit_version", "space_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    edit_version: int
    space_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., edit_version: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DeleteAPIResponse(_message.Message):
    __slots__ = ("edit_version",)
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    edit_version: int
    def __init__(self, edit_version: _Optional[int] = ...) -> None: ...

class DebugAPIRequest(_message.Message):
    __slots__ = ("plugin_id", "api_id", "parameters", "operation", "edit_version", "space_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    EDIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    parameters: str
    operation: DebugOperation
    edit_version: int
    space_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., parameters: _Optional[str] = ..., operation: _Optional[_Union[DebugOperation, str]] = ..., edit_version: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DebugAPIResponse(_message.Message):
    __slots__ = ("response_params", "success", "resp", "reason", "raw_resp", "raw_req")
    RESPONSE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    RESP_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RAW_RESP_FIELD_NUMBER: _ClassVar[int]
    RAW_REQ_FIELD_NUMBER: _ClassVar[int]
    response_params: _containers.RepeatedCompositeFieldContainer[APIParameter]
    success: bool
    resp: str
    reason: str
    raw_resp: str
    raw_req: str
    def __init__(self, response_params: _Optional[_Iterable[_Union[APIParameter, _Mapping]]] = ..., success: _Optional[bool] = ..., resp: _Optional[str] = ..., reason: _Optional[str] = ..., raw_resp: _Optional[str] = ..., raw_req: _Optional[str] = ...) -> None: ...

class GetPlaygroundPluginListRequest(_message.Message):
    __slots__ = ("page", "size", "name", "space_id", "plugin_ids", "plugin_types", "self_created", "order_by")
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_IDS_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_TYPES_FIELD_NUMBER: _ClassVar[int]
    SELF_CREATED_FIELD_NUMBER: _ClassVar[int]
    ORDER_BY_FIELD_NUMBER: _ClassVar[int]
    page: int
    size: int
    name: str
    space_id: int
    plugin_ids: _containers.RepeatedScalarFieldContainer[int]
    plugin_types: _containers.RepeatedScalarFieldContainer[int]
    self_created: bool
    order_by: int
    def __init__(self, page: _Optional[int] = ..., size: _Optional[int] = ..., name: _Optional[str] = ..., space_id: _Optional[int] = ..., plugin_ids: _Optional[_Iterable[int]] = ..., plugin_types: _Optional[_Iterable[int]] = ..., self_created: _Optional[bool] = ..., order_by: _Optional[int] = ...) -> None: ...

class PluginParameter(_message.Message):
    __slots__ = ("name", "desc", "required", "type", "sub_parameters", "sub_type")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    REQUIRED_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SUB_PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    SUB_TYPE_FIELD_NUMBER: _ClassVar[int]
    name: str
    desc: str
    required: bool
    type: str
    sub_parameters: _containers.RepeatedCompositeFieldContainer[PluginParameter]
    sub_type: str
    def __init__(self, name: _Optional[str] = ..., desc: _Optional[str] = ..., required: _Optional[bool] = ..., type: _Optional[str] = ..., sub_parameters: _Optional[_Iterable[_Union[PluginParameter, _Mapping]]] = ..., sub_type: _Optional[str] = ...) -> None: ...

class PluginApi(_message.Message):
    __slots__ = ("name", "desc", "parameters", "plugin_id", "plugin_name", "api_id", "function_name")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_NAME_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    FUNCTION_NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    desc: str
    parameters: _containers.RepeatedCompositeFieldContainer[PluginParameter]
    plugin_id: int
    plugin_name: str
    api_id: int
    function_name: str
    def __init__(self, name: _Optional[str] = ..., desc: _Optional[str] = ..., parameters: _Optional[_Iterable[_Union[PluginParameter, _Mapping]]] = ..., plugin_id: _Optional[int] = ..., plugin_name: _Optional[str] = ..., api_id: _Optional[int] = ..., function_name: _Optional[str] = ...) -> None: ...

class PluginInfoForPlayground(_message.Message):
    __slots__ = ("id", "name", "desc_for_human", "plugin_icon", "plugin_type", "plugin_apis", "create_time", "update_time", "creator", "space_id", "creation_method", "is_official", "version_ts", "version_name", "kind", "published")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FOR_HUMAN_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_ICON_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_TYPE_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_APIS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    CREATOR_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    CREATION_METHOD_FIELD_NUMBER: _ClassVar[int]
    IS_OFFICIAL_FIELD_NUMBER: _ClassVar[int]
    VERSION_TS_FIELD_NUMBER: _ClassVar[int]
    VERSION_NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    desc_for_human: str
    plugin_icon: str
    plugin_type: PluginType
    plugin_apis: _containers.RepeatedCompositeFieldContainer[PluginApi]
    create_time: str
    update_time: str
    creator: Creator
    space_id: int
    creation_method: CreationMethod
    is_official: bool
    version_ts: str
    version_name: str
    kind: str
    published: bool
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., desc_for_human: _Optional[str] = ..., plugin_icon: _Optional[str] = ..., plugin_type: _Optional[_Union[PluginType, str]] = ..., plugin_apis: _Optional[_Iterable[_Union[PluginApi, _Mapping]]] = ..., create_time: _Optional[str] = ..., update_time: _Optional[str] = ..., creator: _Optional[_Union[Creator, _Mapping]] = ..., space_id: _Optional[int] = ..., creation_method: _Optional[_Union[CreationMethod, str]] = ..., is_official: _Optional[bool] = ..., version_ts: _Optional[str] = ..., version_name: _Optional[str] = ..., kind: _Optional[str] = ..., published: _Optional[bool] = ...) -> None: ...

class GetPlaygroundPluginListData(_message.Message):
    __slots__ = ("plugin_list", "total")
    PLUGIN_LIST_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    plugin_list: _containers.RepeatedCompositeFieldContainer[PluginInfoForPlayground]
    total: int
    def __init__(self, plugin_list: _Optional[_Iterable[_Union[PluginInfoForPlayground, _Mapping]]] = ..., total: _Optional[int] = ...) -> None: ...

class GetPlaygroundPluginListResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: GetPlaygroundPluginListData
    def __init__(self, data: _Optional[_Union[GetPlaygroundPluginListData, _Mapping]] = ...) -> None: ...

class GetOAuthSchemaRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetOAuthSchemaResponse(_message.Message):
    __slots__ = ("oauth_schema", "ide_conf")
    OAUTH_SCHEMA_FIELD_NUMBER: _ClassVar[int]
    IDE_CONF_FIELD_NUMBER: _ClassVar[int]
    oauth_schema: str
    ide_conf: str
    def __init__(self, oauth_schema: _Optional[str] = ..., ide_conf: _Optional[str] = ...) -> None: ...

class GetOAuthStatusRequest(_message.Message):
    __slots__ = ("plugin_id", "bot_id", "space_id", "user_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    bot_id: int
    space_id: int
    user_id: str
    def __init__(self, plugin_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., space_id: _Optional[int] = ..., user_id: _Optional[str] = ...) -> None: ...

class GetOAuthStatusResponse(_message.Message):
    __slots__ = ("is_oauth", "status", "content")
    IS_OAUTH_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    is_oauth: bool
    status: OAuthStatus
    content: str
    def __init__(self, is_oauth: _Optional[bool] = ..., status: _Optional[_Union[OAuthStatus, str]] = ..., content: _Optional[str] = ...) -> None: ...

class RevokeAuthTokenRequest(_message.Message):
    __slots__ = ("plugin_id", "bot_id", "context_type", "space_id", "user_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_TYPE_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    bot_id: int
    context_type: int
    space_id: int
    user_id: str
    def __init__(self, plugin_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., context_type: _Optional[int] = ..., space_id: _Optional[int] = ..., user_id: _Optional[str] = ...) -> None: ...

class RevokeAuthTokenResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class OauthAuthorizationCodeRequest(_message.Message):
    __slots__ = ("code", "state")
    CODE_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    code: str
    state: str
    def __init__(self, code: _Optional[str] = ..., state: _Optional[str] = ...) -> None: ...

class OauthAuthorizationCodeResponse(_message.Message):
    __slots__ = ("return_url", "title", "message")
    RETURN_URL_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    return_url: str
    title: str
    message: str
    def __init__(self, return_url: _Optional[str] = ..., title: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class ToolDefaultParam(_message.Message):
    __slots__ = ("name", "value", "hidden")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    name: str
    value: str
    hidden: bool
    def __init__(self, name: _Optional[str] = ..., value: _Optional[str] = ..., hidden: _Optional[bool] = ...) -> None: ...

class ToolRef(_message.Message):
    __slots__ = ("plugin_id", "api_id", "default_params")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_PARAMS_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    default_params: _containers.RepeatedCompositeFieldContainer[ToolDefaultParam]
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., default_params: _Optional[_Iterable[_Union[ToolDefaultParam, _Mapping]]] = ...) -> None: ...

class ResolveToolsRequest(_message.Message):
    __slots__ = ("space_id", "user_id", "refs", "draft")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    REFS_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    user_id: str
    refs: _containers.RepeatedCompositeFieldContainer[ToolRef]
    draft: bool
    def __init__(self, space_id: _Optional[int] = ..., user_id: _Optional[str] = ..., refs: _Optional[_Iterable[_Union[ToolRef, _Mapping]]] = ..., draft: _Optional[bool] = ...) -> None: ...

class ResolvedTool(_message.Message):
    __slots__ = ("plugin_id", "api_id", "name", "description", "parameters", "plugin_name", "version")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    name: str
    description: str
    parameters: str
    plugin_name: str
    version: str
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., parameters: _Optional[str] = ..., plugin_name: _Optional[str] = ..., version: _Optional[str] = ...) -> None: ...

class UnresolvedTool(_message.Message):
    __slots__ = ("plugin_id", "api_id", "reason", "problem")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PROBLEM_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    reason: str
    problem: str
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., reason: _Optional[str] = ..., problem: _Optional[str] = ...) -> None: ...

class ResolveToolsResponse(_message.Message):
    __slots__ = ("tools", "unresolved")
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    UNRESOLVED_FIELD_NUMBER: _ClassVar[int]
    tools: _containers.RepeatedCompositeFieldContainer[ResolvedTool]
    unresolved: _containers.RepeatedCompositeFieldContainer[UnresolvedTool]
    def __init__(self, tools: _Optional[_Iterable[_Union[ResolvedTool, _Mapping]]] = ..., unresolved: _Optional[_Iterable[_Union[UnresolvedTool, _Mapping]]] = ...) -> None: ...

class InvokeToolRequest(_message.Message):
    __slots__ = ("plugin_id", "api_id", "arguments", "user_id", "bot_id", "default_params", "draft", "space_id", "return_url")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_PARAMS_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    RETURN_URL_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    arguments: str
    user_id: str
    bot_id: int
    default_params: _containers.RepeatedCompositeFieldContainer[ToolDefaultParam]
    draft: bool
    space_id: int
    return_url: str
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., arguments: _Optional[str] = ..., user_id: _Optional[str] = ..., bot_id: _Optional[int] = ..., default_params: _Optional[_Iterable[_Union[ToolDefaultParam, _Mapping]]] = ..., draft: _Optional[bool] = ..., space_id: _Optional[int] = ..., return_url: _Optional[str] = ...) -> None: ...

class InvokeToolResponse(_message.Message):
    __slots__ = ("outcome", "status_code", "result_for_model", "body", "request", "authorization_url", "error", "truncated", "plugin_name", "tool_name")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    STATUS_CODE_FIELD_NUMBER: _ClassVar[int]
    RESULT_FOR_MODEL_FIELD_NUMBER: _ClassVar[int]
    BODY_FIELD_NUMBER: _ClassVar[int]
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    AUTHORIZATION_URL_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_NAME_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    outcome: str
    status_code: int
    result_for_model: str
    body: str
    request: str
    authorization_url: str
    error: str
    truncated: bool
    plugin_name: str
    tool_name: str
    def __init__(self, outcome: _Optional[str] = ..., status_code: _Optional[int] = ..., result_for_model: _Optional[str] = ..., body: _Optional[str] = ..., request: _Optional[str] = ..., authorization_url: _Optional[str] = ..., error: _Optional[str] = ..., truncated: _Optional[bool] = ..., plugin_name: _Optional[str] = ..., tool_name: _Optional[str] = ...) -> None: ...
