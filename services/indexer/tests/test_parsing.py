"""Parsing real files made in the tests (fpdf2, python-docx, openpyxl): blocks, tables and failure reasons."""

from __future__ import annotations

import codecs
import datetime as dt
import io
import json
import os

import pytest

from atelier_indexer.parsing import (
    Block,
    ParsedDocument,
    ParseError,
    ParseOptions,
    list_sheets,
    normalize_file_type,
    parse_document,
    parse_table,
)

# ---- fixtures: real documents ------------------------------------------------------------------


@pytest.fixture(scope="module")
def pdf_bytes() -> bytes:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_font("helvetica", size=12)
    pdf.add_page()
    pdf.multi_cell(0, 8, "First page introduction.")
    pdf.ln(4)
    with pdf.table() as table:
        for cells in (("Fruit", "Quantity"), ("apple", "3"), ("pear", "5")):
            row = table.row()
            for cell in cells:
                row.cell(cell)
    pdf.ln(4)
    pdf.multi_cell(0, 8, "Text after the table.")
    pdf.add_page()
    pdf.multi_cell(0, 8, "Second page content.")
    return bytes(pdf.output())


@pytest.fixture(scope="module")
def docx_bytes() -> bytes:
    import docx

    document = docx.Document()
    document.add_heading("Handbook", level=0)  # style "Title"
    document.add_heading("Chapter One", level=1)
    document.add_paragraph("The first paragraph.")
    document.add_heading("Section 1.1", level=2)
    document.add_paragraph("Inside the section.")
    table = document.add_table(rows=2, cols=2)
    for r, cells in enumerate((("Key", "Value"), ("a, b", "1"))):
        for c, text in enumerate(cells):
            table.cell(r, c).text = text
    document.add_paragraph("After the table.")
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


@pytest.fixture(scope="module")
def xlsx_bytes() -> bytes:
    import openpyxl

    wb = openpyxl.Workbook()
    people = wb.active
    people.title = "People"
    people.append(["name", "age", "", "name", "joined"])
    people.append(["Ann", 30, "x", "A2", dt.datetime(2024, 3, 1)])
    people.append(["Bob"])  # ragged: padded
    people.append(["Cy", 41.0, None, None, None, None, "extra"])  # more cells than the header
    people.append([None, None])  # trailing empty rows are dropped
    people.append([])
    other = wb.create_sheet("Other")
    other.append(["k", "v"])
    other.append(["one", 1.5])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def reason_of(data: bytes, file_type: str, **kwargs: object) -> str:
    with pytest.raises(ParseError) as err:
        if file_type in ("csv", "xlsx", "json") and kwargs:
            parse_table(data, file_type, **kwargs)  # type: ignore[arg-type]
        else:
            parse_document(data, file_type)
    return err.value.reason


# ---- file types ----------------------------------------------------------------------------------


@pytest.mark.parametrize("given", ["Report.PDF", ".pdf", "pdf", " PDF "])
def test_normalize_file_type(given: str) -> None:
    assert normalize_file_type(given) == "pdf"


def test_parsed_document_text_and_char_count() -> None:
    doc = ParsedDocument((Block("heading", "T", level=1), Block("paragraph", "body")))
    assert doc.text() == "T\n\nbody"
    assert doc.char_count == len("T\n\nbody")


# ---- PDF -----------------------------------------------------------------------------------------


def test_pdf_pages_and_table(pdf_bytes: bytes) -> None:
    blocks = parse_document(pdf_bytes, "pdf").blocks
    tables = [b for b in blocks if b.kind == "table"]
    assert len(tables) == 1
    assert tables[0].rows == ("Fruit,Quantity", "apple,3", "pear,5")
    assert tables[0].text == "Fruit,Quantity\napple,3\npear,5"
    assert tables[0].page == 1
    texts = [(b.text, b.page) for b in blocks if b.kind == "paragraph"]
    assert ("Second page content.", 2) in texts
    page_one = " ".join(t for t, p in texts if p == 1)
    assert "First page introduction." in page_one and "Text after the table." in page_one
    assert "apple" not in page_one  # table text not duplicated in the paragraphs
    # reading order: intro, table, text after
    kinds = [b.kind for b in blocks if b.page == 1]
    assert kinds.index("table") > 0 and kinds.index("table") < len(kinds) - 1


def test_pdf_page_filter_and_table_switch(pdf_bytes: bytes) -> None:
    only_two = parse_document(pdf_bytes, "pdf", ParseOptions(pages=(2,)))
    assert [(b.text, b.page) for b in only_two.blocks] == [("Second page content.", 2)]
    no_tables = parse_document(pdf_bytes, "pdf", ParseOptions(extract_tables=False))
    assert all(b.kind == "paragraph" for b in no_tables.blocks)
    assert "apple" in no_tables.text()


def test_pdf_damaged(pdf_bytes: bytes) -> None:
    assert "the PDF is damaged or is not a PDF" in reason_of(os.urandom(2000), "pdf")
    assert "the PDF is damaged or is not a PDF" in reason_of(pdf_bytes[: len(pdf_bytes) // 3], "pdf")
    assert "the PDF is damaged or is not a PDF" in reason_of(b"%PDF-1.4\n" + os.urandom(500), "pdf")


def test_pdf_without_text() -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.rect(10, 10, 50, 50)
    assert reason_of(bytes(pdf.output()), "pdf") == "no text could be extracted from the PDF"


# ---- DOCX ----------------------------------------------------------------------------------------


def test_docx_blocks_in_order(docx_bytes: bytes) -> None:
    blocks = parse_document(docx_bytes, "docx").blocks
    assert [(b.kind, b.text, b.level) for b in blocks] == [
        ("heading", "Handbook", 1),
        ("heading", "Chapter One", 1),
        ("paragraph", "The first paragraph.", 0),
        ("heading", "Section 1.1", 2),
        ("paragraph", "Inside the section.", 0),
        ("table", 'Key,Value\n"a, b",1', 0),
        ("paragraph", "After the table.", 0),
    ]
    assert blocks[5].rows == ("Key,Value", '"a, b",1')


def test_docx_damaged(docx_bytes: bytes) -> None:
    expected = "the DOCX file is damaged or is not a Word document"
    assert reason_of(b"not a zip at all", "docx") == expected
    assert reason_of(docx_bytes[: len(docx_bytes) // 2], "docx") == expected
    buf = io.BytesIO()
    import zipfile

    with zipfile.ZipFile(buf, "w") as z:  # a zip, but not a Word document
        z.writestr("hello.txt", "hi")
    assert reason_of(buf.getvalue(), "docx") == expected


# ---- Markdown / TXT ------------------------------------------------------------------------------


def test_markdown_blocks() -> None:
    md = (
        "# Title\n\nIntro line one\nline two\n\n## Part\n\n- item a\n- item b\n\n"
        "```\ncode = 1\n```\n\n| h1 | h2 |\n|----|----|\n| 1 | x, y |\n\n###### Deep\n"
    )
    blocks = parse_document(md.encode(), "markdown").blocks
    assert [(b.kind, b.level) for b in blocks] == [
        ("heading", 1),
        ("paragraph", 0),
        ("heading", 2),
        ("paragraph", 0),
        ("paragraph", 0),
        ("table", 0),
        ("heading", 6),
    ]
    assert blocks[1].text == "Intro line one\nline two"
    assert blocks[3].text == "- item a\n- item b"
    assert blocks[4].text == "```\ncode = 1\n```"
    assert blocks[5].rows == ("h1,h2", '1,"x, y"')
    assert blocks[6].text == "Deep"


CHINESE = "知识库用于存储文档。\n\n第二段：检索增强生成。"


@pytest.mark.parametrize(
    "data",
    [
        CHINESE.encode("utf-8"),
        codecs.BOM_UTF8 + CHINESE.encode("utf-8"),
        CHINESE.encode("gbk"),
        CHINESE.encode("utf-16"),  # with BOM
    ],
    ids=["utf-8", "utf-8-sig", "gbk", "utf-16"],
)
def test_txt_encodings(data: bytes) -> None:
    doc = parse_document(data, "txt")
    assert [b.text for b in doc.blocks] == ["知识库用于存储文档。", "第二段：检索增强生成。"]
    assert all(b.kind == "paragraph" for b in doc.blocks)


def test_txt_binary_garbage() -> None:
    reason = reason_of(bytes(range(256)) * 8, "txt")
    assert reason == "the text could not be decoded (not UTF-8 and no encoding detected)"
    assert "could not be decoded" in reason_of(os.urandom(4096).replace(b"\x00", b"\x01") + b"\x00", "txt")
    # no NUL byte at all: charset-normalizer's guess is rejected for its control characters
    assert "could not be decoded" in reason_of(os.urandom(4096).replace(b"\x00", b"\x01"), "txt")


def test_empty_and_unsupported() -> None:
    assert reason_of(b"", "txt") == "the file is empty"
    assert reason_of(b"", "xlsx", sheet_index=0) == "the file is empty"
    reason = reason_of(b"MZ\x90\x00", "exe")
    assert reason.startswith("unsupported file type 'exe'; supported: txt, md, markdown, pdf, docx")
    assert reason_of(b"  \n\n ", "txt") == "the document contains no text"


# ---- tables --------------------------------------------------------------------------------------


def test_csv_bom_and_semicolons() -> None:
    data = codecs.BOM_UTF8 + '名称;价格;备注\n苹果;3;"红;甜"\n梨;5\n\n'.encode()
    table = parse_table(data, "csv")
    assert table.columns == ("名称", "价格", "备注")
    assert table.rows == (("苹果", "3", "红;甜"), ("梨", "5", ""))
    assert table.sheets[0].name == "csv" and table.sheets[0].total_rows == 3
    assert parse_document(data, "csv").blocks[0].rows == ("名称,价格,备注", "苹果,3,红;甜", "梨,5")


def test_csv_header_and_start_line() -> None:
    data = b"title line\nid,name,name,\n1,a,b\n2,c,d,e\n3,e\n"
    table = parse_table(data, "csv", header_line=1, start_line=3)
    assert table.columns == ("id", "name", "name_2")
    assert table.rows == (("2", "c", "d"), ("3", "e", ""))
    assert table.overlong_rows == (0,)
    assert reason_of(data, "csv", header_line=10) == "header line 10 is beyond the end of the sheet (5 rows)"


def test_xlsx_sheets_ragged_rows(xlsx_bytes: bytes) -> None:
    sheets = list_sheets(xlsx_bytes, "xlsx")
    assert [(s.index, s.name, s.total_rows) for s in sheets] == [(0, "People", 4), (1, "Other", 2)]
    table = parse_table(xlsx_bytes, "xlsx")
    assert table.columns == ("name", "age", "column_3", "name_2", "joined")
    assert table.rows == (
        ("Ann", "30", "x", "A2", "2024-03-01"),
        ("Bob", "", "", "", ""),
        ("Cy", "41", "", "", ""),
    )
    assert table.overlong_rows == (2,)
    other = parse_table(xlsx_bytes, "xlsx", sheet_index=1)
    assert other.sheet_index == 1 and other.columns == ("k", "v") and other.rows == (("one", "1.5"),)
    assert parse_document(xlsx_bytes, "xlsx").blocks[0].rows[0] == "name,age,,name,joined"


def test_xlsx_errors(xlsx_bytes: bytes) -> None:
    assert reason_of(xlsx_bytes, "xlsx", sheet_index=3) == "sheet 3 does not exist; the workbook has 2 sheets"
    assert reason_of(xlsx_bytes, "xlsx", header_line=10) == "header line 10 is beyond the end of the sheet (4 rows)"
    damaged = "the XLSX file is damaged or is not an Excel workbook"
    assert reason_of(b"PK\x03\x04 broken", "xlsx", sheet_index=0) == damaged
    assert reason_of(xlsx_bytes[: len(xlsx_bytes) // 2], "xlsx", sheet_index=0) == damaged
    with pytest.raises(ParseError) as err:
        list_sheets(os.urandom(300), "xlsx")
    assert err.value.reason == damaged


def test_json_array_of_objects() -> None:
    data = json.dumps([{"a": 1, "b": "x"}, {"b": None, "c": {"k": [1, 2]}, "a": True}], ensure_ascii=False).encode()
    table = parse_table(data, "json")
    assert table.columns == ("a", "b", "c")
    assert table.rows == (("1", "x", ""), ("true", "", '{"k": [1, 2]}'))
    assert list_sheets(data, "json")[0].name == "json"
    assert reason_of(data, "json", sheet_index=1) == "sheet 1 does not exist; the file has 1 sheet"


def test_json_errors() -> None:
    assert reason_of(b'{"a": 1}', "json", sheet_index=0) == "the JSON is not an array of objects"
    assert reason_of(b"[1, 2]", "json", sheet_index=0) == "the JSON is not an array of objects"
    assert reason_of(b'{"a": 1}', "json") == "the JSON is not an array of objects"  # via parse_document
    assert reason_of(b"[{", "json", sheet_index=0).startswith("the JSON is not valid")


def test_table_type_checked() -> None:
    with pytest.raises(ParseError) as err:
        parse_table(b"x", "pdf")
    assert err.value.reason == "unsupported file type 'pdf'; supported: csv, xlsx, json"
