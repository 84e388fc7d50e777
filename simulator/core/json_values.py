"""JSON as the engine writes and reads it: the value type and checked readers for parsed JSON's fields."""

from __future__ import annotations

from typing import TypeAlias

JsonValue: TypeAlias = str | int | bool | list["JsonValue"] | dict[str, "JsonValue"] | None
"""A value that ``json.dumps`` writes as it is and ``json.loads`` reads back: str, int, bool, None, lists and dicts."""

JsonObject: TypeAlias = dict[str, JsonValue]
"""A JSON object: what a saved round, a rules submission or a step's facts are."""


def json_int(value: JsonValue) -> int:
    """A JSON integer (``true`` is not one); TypeError for anything else.

    >>> json_int(5)
    5
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"expected an integer, got {value!r}")


def json_str(value: JsonValue) -> str:
    """A JSON string; TypeError for anything else."""
    if isinstance(value, str):
        return value
    raise TypeError(f"expected a string, got {value!r}")


def json_bool(value: JsonValue) -> bool:
    """A JSON boolean; TypeError for anything else."""
    if isinstance(value, bool):
        return value
    raise TypeError(f"expected true or false, got {value!r}")


def json_list(value: JsonValue) -> list[JsonValue]:
    """A JSON array; TypeError for anything else."""
    if isinstance(value, list):
        return value
    raise TypeError(f"expected an array, got {value!r}")


def json_strings(value: JsonValue) -> list[str]:
    """A JSON array of strings, such as a round's automations; TypeError for anything else."""
    return [json_str(item) for item in json_list(value)]


def json_object(value: JsonValue) -> JsonObject:
    """A JSON object; TypeError for anything else."""
    if isinstance(value, dict):
        return value
    raise TypeError(f"expected an object, got {value!r}")


def json_value(value: object) -> JsonValue:
    """A copy of ``value`` checked to be JSON, such as a view's TypedDict recorded among a step's facts.

    >>> json_value({"seats": [1, 2], "lit": None})
    {'seats': [1, 2], 'lit': None}
    """
    if value is None or isinstance(value, str | int):
        return value
    if isinstance(value, list):
        return [json_value(item) for item in value]
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        return {key: json_value(item) for key, item in value.items()}
    raise TypeError(f"not a JSON value: {value!r}")
