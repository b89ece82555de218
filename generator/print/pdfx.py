"""PDF/X-1a:2003 marking for print-shop files.

A shop's preflight asks three things of an X-1a file beyond what our PDFs
already are (CMYK only, fonts embedded, TrimBox and BleedBox on every page,
no transparency): an OutputIntent naming the printing condition, the
GTS_PDFXVersion key, and Trapped set. The condition is FOGRA39 (coated
paper, offset), a registered characterisation, so no ICC profile has to be
embedded.
"""

from __future__ import annotations

import io

PDFX_VERSION = "PDF/X-1a:2003"
CONDITION = "FOGRA39"
CONDITION_NAME = "Coated FOGRA39 (ISO 12647-2:2004)"
REGISTRY = "http://www.color.org"


def mark_pdfx1a(pdf: bytes) -> bytes:
    """The same PDF with the PDF/X-1a:2003 OutputIntent and Info keys; deterministic."""
    # pypdf is imported here, not above: only --shop needs it, and importing it costs a deck build a tenth of its time.
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    intent = DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(CONDITION),
        NameObject("/OutputCondition"): TextStringObject(CONDITION_NAME),
        NameObject("/RegistryName"): TextStringObject(REGISTRY),
        NameObject("/Info"): TextStringObject(CONDITION_NAME),
    })
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(intent)])
    writer.add_metadata({"/GTS_PDFXVersion": PDFX_VERSION})
    writer._info.get_object()[NameObject("/Trapped")] = NameObject("/False")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
