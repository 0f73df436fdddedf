"""The date and time tools: the current time in an IANA time zone (zoneinfo; the caller reads the
clock and passes `now`), a date plus or minus calendar amounts, and the time between two dates
(python-dateutil's relativedelta: 2024-01-31 plus one month is 2024-02-29).

Dates are ISO 8601: a date (2024-01-31) or a date-time with or without a UTC offset
(2024-01-31T09:30, 2024-01-31T09:30:00+02:00, ...Z). A date-time without an offset is wall time:
it is never mixed with one that has an offset."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from dataclasses import dataclass
from typing import Any

from dateutil.relativedelta import relativedelta

from atelier_plugin.domain.errors import ArgumentValueError, ToolRunError

UNITS = ("years", "months", "weeks", "days", "hours", "minutes", "seconds")
TIME_UNITS = ("hours", "minutes", "seconds")
MAX_AMOUNT = 1_000_000_000
DEFAULT_ZONE = "UTC"

Moment = dt.date | dt.datetime


def zone(name: str) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name.strip())
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ArgumentValueError(f"'timezone': {name!r} is not an IANA time zone name (UTC, Europe/Paris, "
                                 "America/New_York, ...)") from None


def parse_moment(text: str, argument: str) -> Moment:
    """A date, or a date-time when the text has a time."""
    text = text.strip()
    try:
        return dt.date.fromisoformat(text) if len(text) <= 10 else dt.datetime.fromisoformat(text)
    except ValueError:
        raise ArgumentValueError(f"'{argument}': {text!r} is not an ISO 8601 date or date-time "
                                 "(2024-01-31, 2024-01-31T09:30, 2024-01-31T09:30:00+02:00)") from None


def iso(moment: Moment) -> str:
    return moment.isoformat()


def _weekday(moment: Moment) -> str:
    return moment.strftime("%A")


@dataclass(frozen=True)
class Reading:
    """What a date tool answers: a sentence for the model, the values for the run record."""

    for_model: str
    values: dict[str, Any]


def current_time(zone_name: str, now: dt.datetime) -> Reading:
    """`now` (aware, any zone) in the named zone."""
    local = now.astimezone(zone(zone_name))
    offset = local.strftime("%z")
    offset = f"{offset[:3]}:{offset[3:]}"
    abbreviation = local.tzname() or ""  # CEST, EST; some zones have none ("+03")
    named = f" ({abbreviation})" if abbreviation[:1].isalpha() and abbreviation != "UTC" else ""
    return Reading(f"{iso(local)} ({_weekday(local)}) in {zone_name.strip()}, UTC{offset}{named}",
                   {"timezone": zone_name.strip(), "datetime": iso(local), "date": local.date().isoformat(),
                    "time": local.time().isoformat(timespec="seconds"), "weekday": _weekday(local),
                    "utc_offset": offset})


def add(date_text: str, amounts: dict[str, int]) -> Reading:
    """The date plus `amounts` (by UNITS name; negative subtracts). A date stays a date unless a
    time unit is given."""
    start = parse_moment(date_text, "date")
    moment: Moment = start
    if not isinstance(start, dt.datetime) and any(amounts.get(unit) for unit in TIME_UNITS):
        moment = dt.datetime.combine(start, dt.time())
    try:
        result = moment + relativedelta(**{unit: amounts.get(unit, 0) for unit in UNITS})
    except (OverflowError, ValueError):
        raise ToolRunError(f"{date_text} plus {_amounts_text(amounts)} is outside the years 1 to 9999") from None
    return Reading(f"{iso(start)} plus {_amounts_text(amounts)} is {iso(result)} ({_weekday(result)})",
                   {"date": iso(start), **{u: amounts[u] for u in UNITS if amounts.get(u)}, "result": iso(result),
                    "weekday": _weekday(result)})


def _amounts_text(amounts: dict[str, int]) -> str:
    said = [f"{amounts[u]} {u[:-1] if abs(amounts[u]) == 1 else u}" for u in UNITS if amounts.get(u)]
    return ", ".join(said) or "nothing"


def difference(start_text: str, end_text: str) -> Reading:
    """From start to end (negative when end is earlier): years, months and days (and hours,
    minutes, seconds for date-times), and the totals."""
    start, end = _comparable(parse_moment(start_text, "start"), parse_moment(end_text, "end"))
    span = relativedelta(end, start)
    parts = {"years": span.years, "months": span.months, "days": span.days}
    timed = isinstance(start, dt.datetime)
    if timed:
        parts |= {"hours": span.hours, "minutes": span.minutes, "seconds": span.seconds}
    total = end - start
    totals: dict[str, float | int] = {"total_days": total.days if not timed else round(total.total_seconds() / 86400, 6)}
    if timed:
        totals |= {"total_hours": round(total.total_seconds() / 3600, 6), "total_seconds": total.total_seconds()}
    said = ", ".join(f"{v} {k[:-1] if abs(v) == 1 else k}" for k, v in parts.items() if v) or "no time"
    in_totals = ", ".join(f"{_number(v)} {k.removeprefix('total_')}" for k, v in totals.items())
    return Reading(f"From {iso(start)} to {iso(end)}: {said} ({in_totals})",
                   {"start": iso(start), "end": iso(end), **parts, **totals})


def _comparable(start: Moment, end: Moment) -> tuple[Moment, Moment]:
    """Both dates, or both date-times (a date is its midnight) with or both without a UTC offset;
    an end with another offset is moved to the start's, so calendar parts are counted in one zone."""
    if isinstance(start, dt.datetime) != isinstance(end, dt.datetime):
        start, end = (m if isinstance(m, dt.datetime) else dt.datetime.combine(m, dt.time()) for m in (start, end))
    if isinstance(start, dt.datetime) and isinstance(end, dt.datetime):
        if (start.tzinfo is None) != (end.tzinfo is None):
            raise ArgumentValueError("'start' and 'end': one has a UTC offset and the other none; give both or "
                                     "neither")
        if start.tzinfo is not None:
            end = end.astimezone(start.tzinfo)
    return start, end


def _number(value: float | int) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
