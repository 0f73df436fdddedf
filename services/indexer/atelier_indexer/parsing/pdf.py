"""PDF: text per page with pdfplumber; tables become table blocks and are cut out of the page text."""

from __future__ import annotations

import io
import logging

from atelier_indexer.parsing.model import Block, ParsedDocument, ParseError, ParseOptions, table_block
from atelier_indexer.parsing.text import paragraphs

# pdfminer logs every recoverable oddity at WARNING; the document's failure reason is what users see.
logging.getLogger("pdfminer").setLevel(logging.ERROR)


def _damaged(exc: BaseException) -> ParseError:
    detail = (str(exc) or type(exc).__name__).splitlines()[0][:120]
    return ParseError(f"the PDF is damaged or is not a PDF ({detail})")


def parse_pdf(data: bytes, options: ParseOptions) -> ParsedDocument:
    if b"%PDF-" not in data[:1024]:  # readers tolerate a little junk before the header, not its absence
        raise ParseError("the PDF is damaged or is not a PDF (no %PDF header)")
    import pdfplumber

    try:
        pdf = pdfplumber.open(io.BytesIO(data))
    except Exception as exc:  # noqa: BLE001 - pdfminer raises many unrelated types for bad input
        raise _damaged(exc) from None
    blocks: list[Block] = []
    try:
        with pdf:
            try:
                pages = pdf.pages
            except Exception as exc:  # noqa: BLE001
                raise _damaged(exc) from None
            wanted = set(options.pages) if options.pages else None
            if wanted is not None and not any(1 <= p <= len(pages) for p in wanted):
                raise ParseError(f"none of the requested pages exist; the PDF has {len(pages)} pages")
            for number, page in enumerate(pages, start=1):
                if wanted is not None and number not in wanted:
                    continue
                try:
                    blocks.extend(_page_blocks(page, number, options.extract_tables))
                except ParseError:
                    raise
                except Exception as exc:  # noqa: BLE001
                    raise _damaged(exc) from None
                finally:
                    page.close()  # frees the page's cached layout objects: keeps memory flat on long PDFs
    except ParseError:
        raise
    except Exception as exc:  # noqa: BLE001 - e.g. errors raised while closing a broken file
        raise _damaged(exc) from None
    if not any(b.text.strip() for b in blocks):
        raise ParseError("no text could be extracted from the PDF")
    return ParsedDocument(tuple(blocks))


def _page_blocks(page, number: int, extract_tables: bool) -> list[Block]:  # noqa: ANN001 - pdfplumber Page
    tables = page.find_tables() if extract_tables else []
    if not tables:
        return paragraphs(page.extract_text() or "", page=number)
    bboxes = [t.bbox for t in tables]

    def outside_tables(obj: dict) -> bool:
        # Characters whose centre lies inside a table are dropped from the page text: the table block has them.
        if obj.get("object_type") != "char":
            return True
        cx, cy = (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2
        return not any(x0 <= cx <= x1 and top <= cy <= bottom for x0, top, x1, bottom in bboxes)

    # Reading order: the page is cut into horizontal bands at each table's top edge; each band's text
    # (minus table characters, so text beside a table is kept) comes before the table that ends it.
    ordered = sorted(tables, key=lambda t: (t.bbox[1], t.bbox[0]))
    edges = [float("-inf")] + [t.bbox[1] for t in ordered] + [float("inf")]
    out: list[Block] = []
    for i, band_top in enumerate(edges[:-1]):
        band_bottom = edges[i + 1]
        if band_bottom > band_top:
            # By character centre, so a line touching a band edge lands in exactly one band.
            region = page.filter(lambda o, a=band_top, b=band_bottom: outside_tables(o) and _centre_in(o, a, b))
            out.extend(paragraphs(region.extract_text() or "", page=number))
        if i < len(ordered):
            rows = [[_cell(c) for c in row] for row in ordered[i].extract()]
            block = table_block(rows, page=number)
            if block:
                out.append(block)
    return out


def _centre_in(obj: dict, top: float, bottom: float) -> bool:
    if obj.get("object_type") != "char":
        return True
    return top <= (obj["top"] + obj["bottom"]) / 2 < bottom


def _cell(value: str | None) -> str:
    return " ".join((value or "").split())
