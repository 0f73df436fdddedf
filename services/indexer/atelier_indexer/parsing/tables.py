"""Tabular files (csv, xlsx, json) -> rows of strings, then header/data selection as Coze's table import does."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import zipfile
from decimal import Decimal
from typing import Any

from atelier_indexer.parsing.model import ParseError, SheetInfo, TableData
from atelier_indexer.parsing.text import decode_text

XLSX_DAMAGED = "the XLSX file is damaged or is not an Excel workbook"
NOT_ARRAY = "the JSON is not an array of objects"
_DELIMITERS = ",;\t|"

Rows = list[list[str]]


# ---- cell rendering -------------------------------------------------------------------------


def render_cell(value: Any) -> str:
    """A cell as users typed it: 3 not 3.0, dates in ISO form, blanks as ""."""
    if value is None:
        return ""
    if isinstance(value, bool):  # before int: bool is an int subclass
        return "true" if value else "false"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e16:
            return str(int(value))
        return repr(value)
    if isinstance(value, Decimal):
        return format(value.normalize(), "f") if value == value.to_integral_value() else str(value)
    if isinstance(value, dt.datetime):
        # Excel stores dates as midnight datetimes: show those as plain dates.
        if value.time() == dt.time(0) and value.tzinfo is None:
            return value.date().isoformat()
        return value.isoformat()
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return str(value)


def _trim(rows: Rows) -> Rows:
    """Drop trailing blank rows (and trailing blank cells of each row, which spreadsheets pad with)."""
    out = []
    for row in rows:
        end = len(row)
        while end and not row[end - 1].strip():
            end -= 1
        out.append(row[:end])
    while out and not out[-1]:
        out.pop()
    return out


# ---- readers: bytes -> sheets of rows ---------------------------------------------------------


def _csv_rows(data: bytes) -> Rows:
    text = decode_text(data)
    sample = text[:65536]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=_DELIMITERS)
    except csv.Error:
        dialect = csv.excel  # the sniffer gives up on one-column or irregular files: plain commas
    try:
        return [list(r) for r in csv.reader(io.StringIO(text, newline=""), dialect)]
    except csv.Error as exc:
        raise ParseError(f"the CSV file is malformed ({exc})") from None


def _json_rows(data: bytes) -> Rows:
    try:
        value = json.loads(decode_text(data))
    except json.JSONDecodeError as exc:
        raise ParseError(f"the JSON is not valid ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise ParseError("the JSON is nested too deeply") from None
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ParseError(NOT_ARRAY)
    columns: dict[str, None] = {}  # ordered set: union of keys in first-seen order
    for item in value:
        columns.update(dict.fromkeys(str(k) for k in item))
    header = list(columns)
    rows = [header]
    for item in value:
        record = {str(k): v for k, v in item.items()}
        rows.append([_json_cell(record[c]) if c in record else "" for c in header])
    return rows


def _json_cell(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return json.dumps(value) if isinstance(value, (bool, int, float)) else str(value)


def _open_workbook(data: bytes):  # noqa: ANN202 - openpyxl Workbook
    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise ParseError(XLSX_DAMAGED)
    import openpyxl

    try:
        return openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # noqa: BLE001 - zipfile/lxml/openpyxl all raise their own types
        raise ParseError(XLSX_DAMAGED) from None


def _worksheet_rows(ws) -> Rows:  # noqa: ANN001 - openpyxl worksheet
    try:
        return _trim([[render_cell(v) for v in row] for row in ws.iter_rows(values_only=True)])
    except ParseError:
        raise
    except Exception:  # noqa: BLE001
        raise ParseError(XLSX_DAMAGED) from None


def _xlsx_sheets(data: bytes, only: int | None) -> tuple[tuple[SheetInfo, ...], Rows]:
    """All sheets' infos, and the rows of sheet `only` (when given)."""
    wb = _open_workbook(data)
    try:
        names = wb.sheetnames
        if only is not None and not 0 <= only < len(names):
            raise ParseError(_no_sheet(only, len(names), "workbook"))
        infos, chosen = [], []
        for index, name in enumerate(names):
            ws = wb[name]
            if not hasattr(ws, "iter_rows"):  # chartsheets have no cells
                rows: Rows = []
            else:
                rows = _worksheet_rows(ws)
            infos.append(SheetInfo(index=index, name=name, total_rows=len(rows)))
            if index == only:
                chosen = rows
        return tuple(infos), chosen
    finally:
        wb.close()


def _no_sheet(index: int, count: int, what: str) -> str:
    return f"sheet {index} does not exist; the {what} has {count} sheet{'' if count == 1 else 's'}"


def _sheets(data: bytes, file_type: str, sheet_index: int | None) -> tuple[tuple[SheetInfo, ...], Rows]:
    if file_type == "xlsx":
        return _xlsx_sheets(data, sheet_index)
    if file_type == "csv":
        rows = _trim(_csv_rows(data))
    elif file_type == "json":
        rows = _trim(_json_rows(data))
    else:
        raise ParseError(f"'{file_type}' is not a table file type; supported: csv, xlsx, json")
    if sheet_index not in (None, 0):
        raise ParseError(_no_sheet(sheet_index, 1, "file"))
    return (SheetInfo(index=0, name=file_type, total_rows=len(rows)),), rows


# ---- public helpers (called through parsing.__init__) ----------------------------------------


def sheet_rows(data: bytes, file_type: str, sheet_index: int = 0) -> Rows:
    return _sheets(data, file_type, sheet_index)[1]


def list_table_sheets(data: bytes, file_type: str) -> tuple[SheetInfo, ...]:
    return _sheets(data, file_type, None)[0]


def build_table(data: bytes, file_type: str, sheet_index: int, header_line: int, start_line: int) -> TableData:
    if sheet_index < 0:
        raise ParseError(f"sheet {sheet_index} does not exist; sheet numbers start at 0")
    if header_line < 0 or start_line < 0:
        raise ParseError("header line and start line must not be negative")
    sheets, rows = _sheets(data, file_type, sheet_index)
    if not rows:
        raise ParseError("the sheet is empty")
    if header_line >= len(rows):
        raise ParseError(f"header line {header_line} is beyond the end of the sheet ({len(rows)} rows)")
    if start_line > len(rows):
        raise ParseError(f"start line {start_line} is beyond the end of the sheet ({len(rows)} rows)")
    columns = _column_names(rows[header_line])
    if not columns:
        raise ParseError(f"header line {header_line} is empty")
    width = len(columns)
    data_rows, overlong = [], []
    for row in rows[max(start_line, header_line + 1) :]:
        if len(row) > width:  # rows are trimmed, so anything past the header's width is non-empty
            overlong.append(len(data_rows))
            row = row[:width]
        data_rows.append(tuple(row) + ("",) * (width - len(row)))
    return TableData(
        sheets=sheets, sheet_index=sheet_index, columns=columns, rows=tuple(data_rows), overlong_rows=tuple(overlong)
    )


def _column_names(header: list[str]) -> tuple[str, ...]:
    """Blank headers become column_<n> (1-based); repeats get _2, _3... so every name is unique."""
    names = [cell.strip() or f"column_{i}" for i, cell in enumerate(header, start=1)]
    seen: set[str] = set()
    out = []
    for name in names:
        unique, n = name, 1
        while unique in seen:
            n += 1
            unique = f"{name}_{n}"
        seen.add(unique)
        out.append(unique)
    return tuple(out)
