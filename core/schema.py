"""OpenAPI generation: one error component and the error responses of every operation.

Every API error has one shape (``core.errors``)::

    {"error": {"code": "invalid", "message": "…", "fields": {"sponsor": ["…"]}}}

The postprocessing hook ``add_error_responses`` (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``)
registers that shape once as the ``Error`` schema with reusable responses
(``components/responses``) and adds to every operation, whatever its view's schema class, the
error statuses it can answer, unless the view documents that status itself
(``@extend_schema(responses={409: ...})`` wins).

``ServiceAutoSchema`` (``REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]``) corrects what
drf-spectacular infers:

- an operation that anonymous clients may call (the view's permission classes, evaluated for
  an anonymous request) lists the empty security requirement ``{}`` (authentication optional);
- a read-only field declared with ``default=None`` is nullable (it answers null when its
  source is missing);
- a read-only choice field of a model field with ``blank=True`` may answer "" (DRF drops
  ``allow_blank`` from read-only model fields);
- one request content type per write: JSON, or multipart/form-data when a file is sent;
- a blank-allowed email is one string schema, not an ambiguous ``oneOf`` (issue 29).

``type_database_ids`` (a postprocessing hook) types every path id as an integer, and
``core.views.SchemaView`` serves the schema with a plain ASCII ``Content-Disposition`` filename.

Error statuses:

- 400 — invalid input: any operation with parameters or a request body, and every write;
- 401 — authentication failed (a wrong token), or required and missing: every operation;
- 403 — not allowed (permission classes, object rules in services, CSRF): every operation;
- 404 — an object the request names (path, query or body) does not exist or is not visible
  to the user, or the page is out of range: same operations as 400;
- 409 — conflict (stale version, state conflict, unique data): every write;
- 413 — the body or an upload is over a size limit (named in the message): operations with
  a request body;
- 415 — the request body's media type is not accepted: operations with a request body;
- 429 — throttled (anonymous clients, signed-in users, login attempts), with
  ``Retry-After``: every operation;
- 503 — the database is unavailable, with ``Retry-After``: every operation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AnonymousUser
from django.utils.text import camel_case_to_spaces
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance, get_doc, is_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

if TYPE_CHECKING:
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.utils import Direction

ERROR_COMPONENT = "Error"

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Every API error: a stable machine code, a message in the request's "
                   "language and the messages of each invalid field.",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "Stable machine code, e.g. "
                         "invalid, not_found, permission_denied, conflict, throttled."},
                "message": {"type": "string", "description": "Human text (vi or en)."},
                "fields": {
                    "type": "object",
                    "description": "Field name (dotted for nested data) → its messages; "
                                   "empty when the error is not about a field.",
                    "additionalProperties": {"type": "array", "items": {"type": "string"}},
                },
                "retry_after": {"type": "integer", "nullable": True,
                                "description": "Seconds to wait (throttled requests only)."},
            },
            "required": ["code", "message", "fields"],
        },
    },
    "required": ["error"],
}

_RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before retrying.",
                                "schema": {"type": "integer"}}}

#: status → (reusable response name, description, headers)
ERROR_RESPONSES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "400": ("BadRequest", "Invalid input (code invalid); fields names each invalid field.", {}),
    "401": ("Unauthorized", "Authentication required or the credentials are wrong.", {}),
    "403": ("Forbidden", "The user may not do this (code permission_denied).", {}),
    "404": ("NotFound", "No such object, or page out of range (code not_found).", {}),
    "409": ("Conflict", "Stale version or state conflict; reload and retry (code conflict).",
            {}),
    "413": ("PayloadTooLarge", "The request body (or an upload) is over a size limit, named in "
            "the message (code too_large).", {}),
    "415": ("UnsupportedMediaType", "The request body's media type is not accepted.", {}),
    "429": ("Throttled", "Too many requests (code throttled); retry after Retry-After seconds.",
            _RETRY_AFTER),
    "503": ("ServiceUnavailable", "Database temporarily unavailable "
            "(code service_unavailable); retry after Retry-After seconds.", _RETRY_AFTER),
}

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
JSON = "application/json"
MULTIPART = "multipart/form-data"
#: drf-spectacular's second branch for a blank format-constrained string (an email field with
#: blank=True): ``oneOf [{format: email}, {maxLength: 0}]``; "" matches both
_BLANK_BRANCH = {"type": "string", "maxLength": 0}
#: path parameters that are database ids whatever the view's lookup regex says (the public
#: viewsets take anything and answer a JSON 404)
_ID_PATTERNS = ("^[^/]+$", "^\\d+$")


def _takes_files(serializer: object) -> bool:
    """Whether a request serializer has a file field (then the request is multipart)."""
    # drf-spectacular's helper (a class or an instance -> an instance) has no type hints
    serializer = force_instance(serializer)  # type: ignore[no-untyped-call]
    fields = getattr(serializer, "fields", None) if is_serializer(serializer) else None
    if not fields:
        return False
    return any(isinstance(field, serializers.FileField) for field in fields.values())


def _drop_blank_one_of(schema: dict[str, Any]) -> None:
    """``oneOf [string+format, maxLength 0]`` → one string schema (issue 29: an ambiguous
    ``oneOf`` makes strict clients refuse ""). The format moves into the description."""
    branches = schema.get("oneOf")
    if not branches or len(branches) != 2 or branches[1] != _BLANK_BRANCH:
        return
    inner = dict(schema.pop("oneOf")[0])
    fmt = inner.pop("format", None)
    inner.pop("minLength", None)
    schema.update(inner)
    if fmt:
        note = f"Format {fmt}, or empty."
        schema["description"] = f"{schema['description']} {note}" if schema.get(
            "description") else note


def type_database_ids(result: dict[str, Any], generator: SchemaGenerator, request: Request | None,
                      public: bool) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: path ids are integers on every path (issue 29:
    public ones were ``string``, internal ones ``integer``)."""
    for item in result.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                if (parameter.get("in") == "path" and schema.get("pattern") in _ID_PATTERNS
                        and (parameter["name"] == "id" or parameter["name"].endswith("_id"))):
                    parameter["schema"] = {"type": "integer"}
    return result


def error_statuses(method: str, operation: dict[str, Any]) -> list[str]:
    """The error statuses an operation can answer (see the module docstring)."""
    parameters = operation.get("parameters", [])
    has_body = "requestBody" in operation
    is_write = method.upper() not in SAFE_METHODS
    statuses = ["401", "403", "429", "503"]
    if parameters or has_body or is_write:
        statuses += ["400", "404"]
    if is_write:
        statuses.append("409")
    if has_body:
        statuses += ["413", "415"]
    return sorted(statuses)


def _model_field_allows_blank(field: serializers.Field[Any, Any, Any, Any]) -> bool:
    """Whether the model field behind a serializer field is a CharField with blank=True."""
    model = getattr(getattr(field.parent, "Meta", None), "model", None)
    source = getattr(field, "source", None) or ""
    if model is None or not source or "." in source or source == "*":
        return False
    try:
        model_field = model._meta.get_field(source)
    except Exception:  # FieldDoesNotExist, or a property
        return False
    return bool(getattr(model_field, "blank", False)) and model_field.get_internal_type() in (
        "CharField", "TextField")


def add_error_responses(result: dict[str, Any], generator: SchemaGenerator,
                        request: Request | None, public: bool) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]):
    the ``Error`` schema, the reusable error responses, and on every operation — whatever
    its view's schema class — the error statuses it can answer that it does not document."""
    components = result.setdefault("components", {})
    components.setdefault("schemas", {})[ERROR_COMPONENT] = ERROR_SCHEMA
    reusable = components.setdefault("responses", {})
    for name, description, headers in ERROR_RESPONSES.values():
        body: dict[str, Any] = {
            "description": description,
            "content": {"application/json": {
                "schema": {"$ref": f"#/components/schemas/{ERROR_COMPONENT}"}}}}
        if headers:
            body["headers"] = headers
        reusable[name] = body
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method not in ("get", "put", "patch", "post", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            for status in error_statuses(method, operation):
                name = ERROR_RESPONSES[status][0]
                responses.setdefault(status, {"$ref": f"#/components/responses/{name}"})
    return result


#: What each standard viewset action does, put before the viewset's own description so that
#: every operation says what it does (issue 18); an action with its own docstring keeps it.
ACTION_SENTENCES = {
    "list": "List {plural}, paginated; the query parameters below filter it.",
    "retrieve": "Read one {name} by its id.",
    "create": "Create a {name}. The service checks the rules: a refusal answers 400 (or 409) "
              "naming the field and why.",
    "update": "Replace a {name} (every writable field); the same checks as creating it.",
    "partial_update": "Change some fields of a {name}; the same checks as creating it.",
    "destroy": "Delete a {name}. Official records and rows other records depend on are "
               "refused with the reason.",
}


class DescribedAutoSchema(AutoSchema):
    """Every operation's description starts with what its action does (``ACTION_SENTENCES``
    for the standard actions; a custom action's own docstring), then the view's."""

    def get_description(self) -> str:  # type: ignore[override]  # as drf-spectacular's
        description = super().get_description() or ""
        action = getattr(self.view, "action", None) or ""
        sentence = ACTION_SENTENCES.get(action)
        if sentence is None or get_doc(getattr(type(self.view), action, None)):
            return description
        name = self._subject_name()
        return "\n\n".join(part for part in (
            sentence.format(name=name, plural=f"{name}s" if not name.endswith("s") else name),
            description) if part)

    def _subject_name(self) -> str:
        """The model the view serves, as words ("membership application")."""
        model = getattr(getattr(self.view, "queryset", None), "model", None)
        if model is None:
            serializer = getattr(self.view, "serializer_class", None)
            model = getattr(getattr(serializer, "Meta", None), "model", None)
        return camel_case_to_spaces(model.__name__) if model is not None else "record"


class ServiceAutoSchema(DescribedAutoSchema):
    """drf-spectacular's AutoSchema with the corrections of the module docstring."""

    def get_auth(self) -> list[dict[str, Any]]:
        auths = super().get_auth()
        if {} not in auths and self._anonymous_may_call():
            auths.append({})  # authentication is optional: anonymous clients are served too
        return auths

    def _anonymous_may_call(self) -> bool:
        """Whether the view's permission classes let an anonymous client call the operation
        (drf-spectacular only knows AllowAny and IsAuthenticatedOrReadOnly)."""
        request = Request(APIRequestFactory().generic(self.method, self.path))
        request.user = AnonymousUser()
        try:
            return all(permission.has_permission(request, self.view)
                       for permission in self.view.get_permissions())
        except Exception:  # a permission that needs more than the request: assume not
            return False

    # the private methods below override drf-spectacular's, which have no type hints
    def _get_serializer_field_meta(self, field: Any, direction: Direction) -> dict[str, Any]:
        meta: dict[str, Any] = super()._get_serializer_field_meta(  # type: ignore[no-untyped-call]
            field, direction)
        # A read-only field declared with default=None (e.g. source="team.name" of an entry
        # without a team) answers null when its source is missing: say so in the schema.
        if isinstance(field, serializers.Field) and field.read_only and field.default is None:
            meta["nullable"] = True
        return meta

    def map_parsers(self) -> list[Any]:
        """One request content type per write (issue 29): JSON, unless the request carries a
        file (then multipart/form-data, which carries the other fields too). The form
        parsers stay accepted at run time; declared, they only doubled every write and broke
        generated clients (openapi-python-client's ``NameError: Unset``)."""
        parsers = super().map_parsers()
        wanted = MULTIPART if _takes_files(self.get_request_serializer()) else JSON
        return [wanted] if wanted in parsers else parsers

    def _insert_field_validators(self, field: Any, schema: dict[str, Any]) -> None:
        super()._insert_field_validators(field, schema)  # type: ignore[no-untyped-call]
        _drop_blank_one_of(schema)

    def _map_serializer_field(self, field: Any, direction: Direction,
                              bypass_extensions: bool = False) -> dict[str, Any]:
        if (isinstance(field, serializers.ChoiceField) and field.read_only
                and not field.allow_blank and _model_field_allows_blank(field)):
            field.allow_blank = True  # only the schema reads it: read-only fields never validate
        mapped: dict[str, Any] = super()._map_serializer_field(  # type: ignore[no-untyped-call]
            field, direction, bypass_extensions)
        return mapped

