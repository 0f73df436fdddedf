"""Real files of each supported type, generated on the fly for tests and benchmarks (fpdf2 for
PDF, python-docx, openpyxl, Pillow): what a user would upload, not fixtures checked into git."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence


def pdf(pages: Sequence[str], *, table: Sequence[Sequence[str]] | None = None) -> bytes:
    """One page per text; `table` (header first) is drawn as a real table on the last page."""
    from fpdf import FPDF

    doc = FPDF()
    doc.set_font("helvetica", size=12)
    for i, text in enumerate(pages):
        doc.add_page()
        doc.multi_cell(0, 8, text)
        if table and i == len(pages) - 1:
            doc.ln(4)
            with doc.table() as grid:
                for row in table:
                    cells = grid.row()
                    for cell in row:
                        cells.cell(str(cell))
    return bytes(doc.output())


def docx(title: str, sections: Sequence[tuple[str, str]], *, table: Sequence[Sequence[str]] | None = None) -> bytes:
    """A Title, then one Heading 1 + paragraph per section, then an optional table."""
    import docx as python_docx

    document = python_docx.Document()
    document.add_heading(title, level=0)
    for heading, body in sections:
        document.add_heading(heading, level=1)
        document.add_paragraph(body)
    if table:
        grid = document.add_table(rows=len(table), cols=len(table[0]))
        for r, row in enumerate(table):
            for c, cell in enumerate(row):
                grid.cell(r, c).text = str(cell)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def xlsx(sheets: dict[str, Sequence[Sequence[object]]]) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def csv_bytes(rows: Sequence[Sequence[object]], *, delimiter: str = ",", bom: bool = False) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter).writerows(rows)
    data = buffer.getvalue().encode()
    return b"\xef\xbb\xbf" + data if bom else data


def png(width: int = 32, height: int = 24, color: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), color).save(buffer, format="PNG")
    return buffer.getvalue()
